/** Reads a request body up to a byte limit, so a huge or endless body costs at most that much memory. */

export const DEFAULT_MAX_BODY_BYTES = 256 * 1024;

export type BodyRead = { text: string } | { tooLarge: true } | { notUtf8: true };

/** Reads a stream's bytes up to `max`; undefined past that, and the rest is cancelled, never buffered. */
export async function readAtMost(body: ReadableStream<Uint8Array> | null, max: number): Promise<Uint8Array<ArrayBuffer> | undefined> {
  if (!body) return new Uint8Array(0);
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => {});
      return undefined;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

export async function readBodyLimited(request: Request, maxBytes: number): Promise<BodyRead> {
  const declared = Number(request.headers.get('Content-Length') ?? NaN);
  if (declared > maxBytes) return { tooLarge: true };
  const bytes = await readAtMost(request.body, maxBytes);
  if (bytes === undefined) return { tooLarge: true };
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
