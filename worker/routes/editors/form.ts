import type { Context } from 'hono';

/** A posted form's text field; a missing one, or a file, is empty. */
export const field = (form: Record<string, unknown>, name: string): string => {
  const value = form[name];
  return typeof value === 'string' ? value : '';
};

/** The posted form; a body that is no form reads as an empty one. */
export async function formOf(c: Context): Promise<Record<string, unknown>> {
  try {
    return await c.req.parseBody();
  } catch {
    return {};
  }
}
