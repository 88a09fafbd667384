import { z } from 'zod';
import { flag, numeric, optionalText, phpList } from './lenient';

// Placeholder until the demo's block shape is known.
export const BlockListSchema = z.array(z.object({ id: z.string(), region: z.string(), label: optionalText, labelVisible: flag, weight: numeric, contentPath: z.string() }));
export const BlockContentSchema = z.unknown().transform(() => null as string | null);
void phpList;
