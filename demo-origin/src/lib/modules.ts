/**
 * Modules modes (README.md, "Modules modes"). `clinic` is the clinic's Drupal, with its own modules
 * (blocks_for_page, breadcrumb_headless, decoupled_kit). `stock` is a Drupal with only core and well-known
 * contrib: those modules' paths answer 404 as a route Drupal does not have; everything else (JSON:API with the
 * node's metatag field, jsonapi_menu_items, decoupled_router, webform_rest, the Views) answers the same.
 */
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env';
import { json, noRoute } from './http';
import { demoState, type ModulesMode } from './state';
import { varMode } from './var-mode';

export const MODULES_MODES: readonly ModulesMode[] = ['clinic', 'stock'];

/** The mode in force: the one POST /__demo/modules set, else the one DEMO_MODULES chose. */
export function modulesMode(): ModulesMode {
  const s = demoState();
  return s.modulesOverride ?? s.modulesFromVar;
}

/** The clinic's own modules' paths. */
const CLINIC_PATHS = /^\/(blocks_for_page(\/|$)|breadcrumb_headless(\/|$)|decoupled_kit\/redirect(\/|$))/;

/**
 * Takes the default modules mode from DEMO_MODULES ("clinic" when unset or empty; anything else is a
 * configuration mistake, answered 500), and in `stock` mode answers the clinic's modules' paths 404.
 */
export const demoModules: MiddlewareHandler<AppEnv> = async (c, next) => {
  const chosen = varMode('DEMO_MODULES', c.env?.DEMO_MODULES, MODULES_MODES, 'clinic');
  if ('mistake' in chosen) return json({ message: chosen.mistake }, 500);
  demoState().modulesFromVar = chosen.mode;
  const path = new URL(c.req.url).pathname.slice(demoState().basePath.length);
  if (modulesMode() === 'stock' && CLINIC_PATHS.test(path)) return noRoute(c);
  await next();
};
