/**
 * Every island the worker renders, by the name of its file here: the loader finds an island's code by that name, and
 * the table is the one place it is written (common/islands.ts, `islandsByFile`). The browser never imports this
 * file: each island is its own chunk (vite.config.ts).
 */
import { islandsByFile } from '../../common/islands';
import Popup from './Popup';

export const ISLANDS = islandsByFile({ Popup });

export type IslandName = keyof typeof ISLANDS;
