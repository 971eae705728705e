/** Reads a request body up to a byte limit, so a huge or endless body costs at most that much memory. */

export const DEFAULT_MAX_BODY_BYTES = 256 * 1024;

export type BodyRead = { text: string } | { tooLarge: true } | { notUtf8: true };

export async function readBodyLimited(request: Request, maxBytes: number): Promise<BodyRead> {
  const declared = Number(request.headers.get('Content-Length') ?? NaN);
  if (declared > maxBytes) return { tooLarge: true };
  if (!request.body) return { text: '' };
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      // Stop reading: the rest of an oversized body is never buffered.
      await reader.cancel().catch(() => {});
      return { tooLarge: true };
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch {
    return { notUtf8: true };
  }
}

/** The deepest nesting of objects and arrays in JSON text, counted without parsing (brackets inside strings do not count). */
export function nestingDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c) i += 1; // backslash: skip the escaped character
      else if (ch === 0x22) inString = false;
    } else if (ch === 0x22) inString = true;
    else if (ch === 0x7b || ch === 0x5b) {
      depth += 1;
      if (depth > deepest) deepest = depth;
    } else if (ch === 0x7d || ch === 0x5d) depth -= 1;
  }
  return deepest;
}
