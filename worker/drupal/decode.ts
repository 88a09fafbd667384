import type { z } from 'zod';
import type { Loaded } from '../cache/kv-cache';
import { OriginError } from '../cache/origin-error';
import { type OriginResponse } from './origin';

/** Sync for most calls; async where the payload needs HTMLRewriter (sanitising Drupal's HTML). */
export type Decoder<T> = (response: OriginResponse) => Loaded<T> | Promise<Loaded<T>>;

/**
 * A 200 parsed with `schema`; a 404 becomes `notFound` (cached briefly) when the
 * call has a meaning for "nothing here"; any other answer is an error, so that a
 * stale copy is served instead and nothing unexpected is cached.
 */
export function decodeJson<S extends z.ZodType>(
  what: string,
  schema: S,
  options: { notFound?: z.output<S>; forbidden?: z.output<S> } = {},
): Decoder<z.output<S>> {
  return ({ status, body }) => {
    if (status === 200) return { value: parse(what, schema, body) };
    if (status === 404 && options.notFound !== undefined) return { value: options.notFound, negative: true };
    if (status === 403 && options.forbidden !== undefined) return { value: options.forbidden, negative: true };
    throw new OriginError(`${what}: Drupal ответил ${status}${describeErrors(body)}`, status);
  };
}

export function parse<S extends z.ZodType>(what: string, schema: S, body: unknown): z.output<S> {
  const result = schema.safeParse(body);
  if (!result.success) {
    const issue = result.error.issues[0];
    // Drupal answered, in a shape we did not expect: a problem of this call, not of Drupal's health.
    throw new OriginError(`${what}: неожиданный ответ Drupal (${issue?.path.join('.') ?? ''}: ${issue?.message ?? ''})`, 200, {
      unhealthy: false,
      cause: result.error,
    });
  }
  return result.data;
}

/** JSON:API's error detail, so that a log says why Drupal refused ("… is not a valid relationship field name"). */
function describeErrors(body: unknown): string {
  if (typeof body !== 'object' || body === null || !('errors' in body) || !Array.isArray(body.errors)) return '';
  const first: unknown = body.errors[0];
  const detail = typeof first === 'object' && first !== null && 'detail' in first ? first.detail : undefined;
  return typeof detail === 'string' ? ` (${detail.slice(0, 300)})` : '';
}
