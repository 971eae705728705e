/**
 * The dev provider on its own (Playwright's auth and gateway configs start it this way): settings from DEV_OIDC_*,
 * one line when it listens, Ctrl+C or SIGTERM stops it. Development and tests only.
 */
import { startDevProvider } from './provider';
import { testAgents } from './accounts';

function required(name: string): string {
  const value = process.env[name]?.trim();
  if (!value) throw new Error(`${name} must be set (see docs/sign-in.md).`);
  return value;
}

const origins = (name: string) => (process.env[name] ?? '').split(',').map((origin) => origin.trim()).filter(Boolean);
// The desk gateway's origins (gateway mode): its confidential client exists only when some are given, and then the
// app's own origins (direct mode) may be left out.
const gatewayOrigins = origins('DEV_OIDC_GATEWAY_ORIGINS');
for (const origin of gatewayOrigins) {
  let exact = false;
  try {
    exact = new URL(origin).origin === origin;
  } catch {
    exact = false;
  }
  if (!exact) throw new Error(`DEV_OIDC_GATEWAY_ORIGINS takes origins like http://127.0.0.1:4180, comma-separated; "${origin}" is not one.`);
}
const appOrigins = gatewayOrigins.length ? origins('DEV_OIDC_APP_ORIGINS') : required('DEV_OIDC_APP_ORIGINS').split(',').map((origin) => origin.trim());
const ttl = process.env.DEV_OIDC_ACCESS_TOKEN_TTL;
const running = await startDevProvider({
  port: Number(process.env.DEV_OIDC_PORT ?? 8788),
  appOrigins,
  gatewayOrigins,
  resource: required('DEV_OIDC_RESOURCE'),
  ...(ttl ? { accessTokenTtlSeconds: Number(ttl) } : {}),
  ...(process.env.DEV_OIDC_KEYS_FILE ? { keysFile: process.env.DEV_OIDC_KEYS_FILE } : {}),
});
console.log(`Dev OpenID provider on ${running.issuer} (test agents: ${testAgents.map((a) => a.username).join(', ')}; dev/test only)`);

const stop = () => {
  void running.close().then(() => process.exit(0));
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
