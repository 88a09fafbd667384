import { Hono } from 'hono';
import { applyChoice, LOW_VISION_COOKIE, LOW_VISION_MAX_AGE, LOW_VISION_PATH, lowVisionIn, lowVisionValue } from '../../common/low-vision';
import type { AppEnv } from '../app-env';
import { isInternalPath } from '../paths/redirect-target';

/**
 * The settings panel's form (components/layout/LowVisionPanel.tsx): a plain POST,
 * so the version for the visually impaired works without JavaScript. A POST and not
 * links, because a prefetched or crawled link would change a visitor's settings.
 * The answer stores the choice in a cookie and sends the visitor back to the page
 * they were reading, which the worker then renders with it.
 */
export const lowVisionRoutes = new Hono<AppEnv>();

lowVisionRoutes.post(LOW_VISION_PATH, async (c) => {
  let form: Record<string, unknown> = {};
  try {
    form = await c.req.parseBody();
  } catch {
    // An unreadable body is a choice that is not one: answered below.
  }
  const back = typeof form.back === 'string' && isInternalPath(form.back) ? form.back : '/';
  const choice = typeof form.set === 'string' ? form.set : '';
  const next = applyChoice(lowVisionIn(c.req.header('Cookie')), choice);
  if (next === null) return c.text('Неизвестная настройка отображения', 400, { 'Cache-Control': 'no-store' });
  const secure = new URL(c.req.url).protocol === 'https:' ? '; Secure' : '';
  const cookie =
    next === undefined
      ? `${LOW_VISION_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax${secure}`
      : `${LOW_VISION_COOKIE}=${lowVisionValue(next)}; Max-Age=${LOW_VISION_MAX_AGE}; Path=/; SameSite=Lax${secure}`;
  return c.body(null, 303, { Location: back, 'Set-Cookie': cookie, 'Cache-Control': 'no-store' });
});

// Only the form posts here; someone who opens the address is sent home rather than shown an error.
lowVisionRoutes.get(LOW_VISION_PATH, (c) => c.redirect('/', 303));
