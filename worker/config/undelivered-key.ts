/**
 * UNDELIVERED_KEY's form: 32 random bytes, base64 (`openssl rand -base64 32`), the AES-256 key
 * the undelivered leads are sealed with (leads/undelivered.ts). Here, apart from the sealing,
 * so that the settings' check (config.ts) reads it without importing the leads.
 */

/** AES-256: the key is 32 random bytes. */
export const KEY_BYTES = 32;

export function fromBase64(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(text)) return null;
  try {
    return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

/** The key's bytes, or null when the setting is not 32 bytes of base64 (config.ts says so at start-up). */
export const decodeKey = (text: string): Uint8Array | null => {
  const bytes = fromBase64(text.trim());
  return bytes && bytes.length === KEY_BYTES ? bytes : null;
};
