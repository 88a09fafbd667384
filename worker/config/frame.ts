import { z } from 'zod';
import { unsetToUndefined } from './unset';

/**
 * Where the frame comes from (docs/drupal.md "Where the frame comes from"): which of the clinic's modules
 * Drupal has (DRUPAL_MODULES), the machine names of its menus, and the blocks placed by a setting where
 * Drupal cannot place them per page (DRUPAL_BLOCKS).
 */

const menuName = (fallback: string) =>
  z.preprocess(
    unsetToUndefined,
    z
      .string()
      .trim()
      .regex(/^[a-z0-9_-]{1,64}$/, 'должен быть машинным именем меню Drupal (латиница, цифры, _ и -)')
      .default(fallback),
  );

/** One block placed by DRUPAL_BLOCKS: a custom block (block_content) of `bundle`, named by its uuid or its description. */
export interface PlacedBlock {
  region: string;
  bundle: string;
  /** A uuid, or the block's description (`info`) as the editors wrote it. */
  ref: string;
}

/** `region=[bundle/]ref`, entries separated by `;` or new lines (a description may hold a comma); `bundle` defaults to `basic`. */
function parseBlocks(value: string): PlacedBlock[] | undefined {
  const placed: PlacedBlock[] = [];
  for (const entry of value.split(/[;\n]/).map((e) => e.trim())) {
    if (!entry) continue;
    const match = /^([a-z0-9_]+)\s*=\s*(?:([a-z0-9_]+)\/)?(.+)$/.exec(entry);
    if (!match) return undefined;
    placed.push({ region: match[1]!, bundle: match[2] ?? 'basic', ref: match[3]!.trim() });
  }
  return placed;
}

export const frameSettings = {
  DRUPAL_MODULES: z.preprocess(
    unsetToUndefined,
    z.enum(['auto', 'clinic', 'stock'], { error: 'должен быть auto, clinic или stock' }).default('auto'),
  ),
  DRUPAL_MENU_MAIN: menuName('main'),
  DRUPAL_MENU_FOOTER: menuName('footer'),
  DRUPAL_MENU_SERVICES: menuName('services'),
  DRUPAL_BLOCKS: z.preprocess(
    unsetToUndefined,
    z
      .string()
      .default('')
      .transform((value, ctx) => {
        const placed = parseBlocks(value);
        if (!placed) {
          ctx.addIssue({ code: 'custom', message: 'должен иметь вид «регион=[тип/]uuid или описание блока; …»' });
          return z.NEVER;
        }
        return placed;
      }),
  ),
};

type FrameRaw = { [K in keyof typeof frameSettings]: z.output<(typeof frameSettings)[K]> };

export function frameOf(raw: FrameRaw) {
  return {
    modules: raw.DRUPAL_MODULES,
    menus: { main: raw.DRUPAL_MENU_MAIN, footer: raw.DRUPAL_MENU_FOOTER, services: raw.DRUPAL_MENU_SERVICES },
    blocks: raw.DRUPAL_BLOCKS,
  };
}

export type FrameSettings = ReturnType<typeof frameOf>;
