/**
 * The dev token provider on its own (the gateway stack starts it this way): settings from DEV_TOKEN_PROVIDER_*
 * variables, one line when it listens, Ctrl+C or SIGTERM stops it. Development and tests only.
 */
import { PROVIDER_CLIENT_ID, startTokenProvider } from './token-provider';

function whole(name: string, min: number, max: number): number | undefined {
  const raw = process.env[name]?.trim();
  if (!raw) return undefined;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new Error(`${name} must be a whole number from ${min} to ${max}, not "${raw}" (see docs/sign-in.md).`);
  }
  return Number(raw);
}

const resources = (process.env.DEV_TOKEN_PROVIDER_RESOURCES ?? '').split(',').map((resource) => resource.trim()).filter(Boolean);
if (!resources.length) throw new Error('DEV_TOKEN_PROVIDER_RESOURCES must name the API base URL (comma-separated resources; see docs/sign-in.md).');
const ttl = whole('DEV_TOKEN_PROVIDER_ACCESS_TOKEN_TTL', 10, 86_400);
const running = await startTokenProvider({
  port: whole('DEV_TOKEN_PROVIDER_PORT', 0, 65_535) ?? 8789,
  resources,
  ...(ttl ? { accessTokenTtlSeconds: ttl } : {}),
  ...(process.env.DEV_TOKEN_PROVIDER_KEYS_FILE ? { keysFile: process.env.DEV_TOKEN_PROVIDER_KEYS_FILE } : {}),
});
console.log(`Dev token provider on ${running.issuer} (token endpoint ${running.issuer}/token; client ${PROVIDER_CLIENT_ID}; dev/test only)`);

const stop = () => {
  void running.close().then(() => process.exit(0));
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
