/**
 * Reads a request body up to a byte limit: a declared Content-Length over it is refused before a byte is read, and a
 * longer stream stops being read at the limit, so a huge body costs at most the limit in memory (decision 0028 has the
 * figures; scripts/probe-mock.ts measures them).
 */
import type { IncomingMessage } from 'node:http';
import type { ErrorMessage } from '../../src/domain/error';

export type LimitedBody = { body: Buffer } | { tooLarge: true };

export function readBodyLimited(req: IncomingMessage, maxBytes: number): Promise<LimitedBody> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > maxBytes) {
      resolve({ tooLarge: true });
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      // Paused, the socket stops taking bytes from the client; the answer's caller closes it after answering.
      req.pause();
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        stop();
        resolve({ tooLarge: true });
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      stop();
      resolve({ body: Buffer.concat(chunks, size) });
    };
    const onError = (error: Error) => {
      stop();
      reject(error);
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
  });
}

/** The 413's ErrorMessage (TMF630 Error): the limit in bytes, so a client knows what fits. */
export function tooLargeBody(maxBytes: number): ErrorMessage {
  return {
    '@type': 'Error',
    code: 'payloadTooLarge',
    reason: 'Payload Too Large',
    message: `The request body is larger than ${maxBytes} bytes; nothing was read or stored`,
    status: '413',
  };
}
