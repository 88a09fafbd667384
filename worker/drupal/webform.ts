import type { DrupalContext } from './context';
import { literalFileName } from './files';
import { OriginError } from '../cache/origin-error';
import { postToOrigin, type OriginResponse } from './origin';
import { sanitizeHtml } from './sanitize-html';
import { webformFieldsOf, type ParsedWebform } from './schemas/webform';

/** webform_rest: a form's fields, its submission, and a file for one of its fields. */
export interface WebformCalls {
  /** A webform's fields for the popup (docs/requirements.md §4, §5); null when Drupal has no such form. Cached like any payload. */
  webform(id: string): Promise<ParsedWebform | null>;
  /** Posts a submission to webform_rest (never cached): Drupal's answer as it came, or OriginError when Drupal is not there. */
  submitWebform(body: Record<string, unknown>, referer?: string): Promise<OriginResponse>;
  /**
   * Uploads a file for a webform's file field through the upload resource a patched
   * webform_rest has: Drupal's answer (the file entity with its fid) as it came; null
   * when Drupal has no such resource (its 404/405, remembered for a day).
   */
  uploadWebformFile(id: string, field: string, file: { name: string; bytes: ArrayBuffer }): Promise<OriginResponse | null>;
}

/** A stock webform_rest has no upload resource; a site that adds the patch is noticed the next day. */
const NO_UPLOAD_RESOURCE_SECONDS = 86_400;

export function webformCalls({ urls, cache, origin, get }: DrupalContext): WebformCalls {
  return {
    webform: (id) =>
      get(urls.webformFields(id), async ({ status, body }): Promise<{ value: ParsedWebform | null; negative?: boolean }> => {
        if (status === 404 || status === 403) return { value: null, negative: true };
        if (status !== 200) throw new OriginError(`webform ${id}: Drupal ответил ${status}`, status);
        const parsed = webformFieldsOf(body, id);
        if (!parsed) throw new OriginError(`webform ${id}: неожиданный ответ Drupal`, 200, { unhealthy: false });
        // Markup from the form's editor, sanitised once, before it is cached.
        for (const field of parsed.fields) if (field.html) field.html = await sanitizeHtml(field.html);
        return { value: parsed };
      }),

    // webform records the submission's page (its `uri`) from the Referer.
    submitWebform: (body, referer) =>
      postToOrigin(urls.webformSubmit(), JSON.stringify(body), 'application/json', origin, referer ? { Referer: referer } : {}),

    async uploadWebformFile(id, field, file) {
      // Whether Drupal has the resource is one fact for the whole site, kept under the route's pattern.
      const resource = urls.webformUpload('{webform_id}', '{field_name}');
      if ((await cache.recall<boolean>(resource)) === false) return null;
      const response = await postToOrigin(urls.webformUpload(id, field), file.bytes, 'application/octet-stream', origin, {
        'Content-Disposition': `file; filename="${literalFileName(file.name)}"`,
      });
      if (response.status !== 404 && response.status !== 405) return response;
      await cache
        .remember(resource, false, NO_UPLOAD_RESOURCE_SECONDS)
        .catch((error: unknown) =>
          console.warn('KV: не удалось запомнить, что загрузки файлов нет', error instanceof Error ? error.message : error),
        );
      return null;
    },
  };
}
