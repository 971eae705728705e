/**
 * At start, before listening: does the Redis of REDIS_URL let this server in? A wrong password or no Redis at all
 * stops the start with one sentence naming the variable (issue 30), instead of a server that runs unready for ever.
 * Later outages are the connection's business (server/listener/redis-connection.ts reconnects; /readyz says 503 meanwhile).
 */
import { createClient } from '@redis/client';

/** Where the URL points, without its password: what a refusal may print. */
function where(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port || '6379'}`;
  } catch {
    return 'the address in REDIS_URL';
  }
}

/** The sentence for what Redis (or the network) said; null when it is not one we know. */
function sentenceOf(message: string, at: string): string {
  if (/WRONGPASS|invalid username-password/i.test(message)) return `REDIS_URL: Redis at ${at} refused the user name or password; put the right ones in REDIS_URL (redis://:password@host:port).`;
  if (/NOAUTH|Authentication required/i.test(message)) return `REDIS_URL: Redis at ${at} needs a password and REDIS_URL has none (redis://:password@host:port).`;
  if (/without any password configured/i.test(message)) return `REDIS_URL: Redis at ${at} has no password set but REDIS_URL gives one; set requirepass on Redis (the guide asks for one).`;
  if (/ECONNREFUSED/.test(message)) return `REDIS_URL: nothing answers at ${at}; start Redis or correct REDIS_URL.`;
  if (/ENOTFOUND|EAI_AGAIN/.test(message)) return `REDIS_URL: the host of ${at} is not known; correct REDIS_URL.`;
  return `REDIS_URL: Redis at ${at} could not be used: ${message}.`;
}

/** null when Redis answers PING as the URL's user; else the one sentence to print before exiting with status 1. */
export async function checkRedis(url: string, timeoutMs = 3000): Promise<string | null> {
  const at = where(url);
  const client = createClient({ url, socket: { connectTimeout: timeoutMs, reconnectStrategy: false } });
  // The error also reaches connect()'s rejection; an 'error' event without a listener would end the process.
  client.on('error', () => {});
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([client.connect().then(() => client.ping()), late]);
    return null;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return /no answer within/.test(message) ? `REDIS_URL: Redis at ${at} did not answer within ${timeoutMs} ms; check the address and the firewall.` : sentenceOf(message, at);
  } finally {
    clearTimeout(timer);
    client.destroy();
  }
}
