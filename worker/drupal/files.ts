/**
 * core's file upload takes `filename="…"` literally (no `filename*`): the name's
 * UTF-8 bytes as the header's bytes, without what would end the quoted string.
 */
export function literalFileName(name: string): string {
  const safe = name.replace(/["\\\u0000-\u001f\u007f]/g, '_') || 'file';
  let bytes = '';
  for (const byte of new TextEncoder().encode(safe)) bytes += String.fromCharCode(byte);
  return bytes;
}
