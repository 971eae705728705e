/**
 * The default prefix of generated external identifiers: taken from the lines' content, so the same file gets the same
 * identifiers and sending it again is answered "already exists" (409) instead of making new tickets.
 */
export async function prefixOf(content: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(content));
  const hex = [...new Uint8Array(digest).slice(0, 4)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `MASS-${hex.toUpperCase()}-`;
}
