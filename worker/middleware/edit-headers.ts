import type { Context } from 'hono';

/** Changes the response's headers; a response passed through from fetch() has immutable ones, and is copied (not its body) first. */
export function editHeaders(c: Context, edit: (headers: Headers) => void) {
  try {
    edit(c.res.headers);
  } catch {
    c.res = new Response(c.res.body, c.res);
    edit(c.res.headers);
  }
}
