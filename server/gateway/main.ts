/** `npm run gateway` / `node dist-gateway/main.js`: the desk gateway (env: docs/gateway.md); prints one ready line. */
import { createLogger, type Logger } from '../listener/log';
import { withRedisMetrics } from '../listener/metrics-tap';
import { createRedisBus } from '../listener/redis-bus';
import { connectRedis, redisKeys, type RedisConnection } from '../listener/redis-connection';
import { countedFetch, createMetrics, timedFetch } from '../metrics';
import { checkRedis } from '../redis-check';
import { serveUntilStopped } from '../serve';
import { createGatewayApp } from './app';
import { createAuditLog } from './audit';
import { createServiceTokens, providerPrivateKey, type ProviderAuth } from './service-token';
import { createSessionStore } from './sessions';
import { memoryTemplates, redisTemplates } from './templates';
import { gatewaySettingsFromEnvironment, type GatewaySettings } from './settings';

async function providerAuthOf(settings: GatewaySettings): Promise<ProviderAuth> {
  const auth = settings.provider.auth;
  return auth.method === 'client_secret_basic' ? auth : { method: 'private_key_jwt', privateKey: await providerPrivateKey(auth.privateKey) };
}

async function start(settings: GatewaySettings) {
  const log: Logger = createLogger();
  // Only DEV_AUTH_OFF=1 lets LISTENER_ISSUER be unset (settings.ts): said at every start, and on /readyz.
  if (settings.listener.authenticationOff) console.warn('Warning: DEV_AUTH_OFF=1 and LISTENER_ISSUER is not set, so the listener paths accept ANY bearer token. Development only.');
  if (settings.listener.testHooks) console.warn('Warning: LISTENER_TEST_HOOKS=1: __test/drop-streams and __test/stats are open. Never in production.');
  const auth = await providerAuthOf(settings);

  // With REDIS_URL every instance shares sessions, the desk's token, the audit and the event log; else this process.
  // A wrong password or no Redis at all stops the start with one sentence (issue 30).
  const redisSettings = settings.listener.redis;
  const redisRefused = redisSettings ? await checkRedis(redisSettings.url) : null;
  if (redisRefused) throw new Error(redisRefused);
  const metrics = createMetrics({ role: 'gateway' });
  const redis: RedisConnection | undefined = redisSettings ? withRedisMetrics(connectRedis(redisSettings.url, log), metrics) : undefined;
  const shared = redis && redisSettings ? { connection: redis, prefix: redisSettings.keyPrefix } : undefined;
  const store = createSessionStore({
    secret: settings.session.secret,
    idleSeconds: settings.session.idleSeconds,
    absoluteSeconds: settings.session.absoluteSeconds,
    ...(shared ? { redis: { connection: shared.connection, keyPrefix: shared.prefix } } : {}),
  });
  metrics.bindGauges({ sessionsActive: () => store.count() });
  const gateway = createGatewayApp({
    settings,
    store,
    metrics,
    // The provider's time and the token fetches, measured at the one place each call goes out.
    fetch: timedFetch(metrics.upstreamDuration),
    tokens: createServiceTokens({
      fetch: countedFetch(metrics.tokenFetches),
      tokenUrl: settings.provider.tokenUrl,
      ...(settings.provider.issuer ? { issuer: settings.provider.issuer } : {}),
      clientId: settings.provider.clientId,
      auth,
      ...(settings.provider.audience ? { audience: settings.provider.audience } : {}),
      ...(settings.provider.scope ? { scope: settings.provider.scope } : {}),
      // Sealed in Redis with a key derived from the session secret, as the sessions are.
      ...(shared ? { redis: { ...shared, secret: settings.session.secret } } : {}),
      log,
    }),
    audit: createAuditLog({ log, ...(shared ? { redis: shared } : {}) }),
    templates: shared ? redisTemplates(shared.connection, shared.prefix) : memoryTemplates(),
    log,
    ...(redis && redisSettings
      ? {
          bus: createRedisBus({
            redis,
            keys: redisKeys(redisSettings.keyPrefix),
            capacity: settings.listener.bufferSize,
            dedupeSeconds: redisSettings.dedupeSeconds,
          }),
        }
      : {}),
  });

  serveUntilStopped({
    name: 'The gateway',
    fetch: gateway.app.fetch,
    port: settings.port,
    host: settings.host,
    readyLine: (address) => `gateway listening on ${address} for ${settings.publicOrigin} (sessions: ${redis ? 'Redis' : 'this process'})`,
    drain: () => gateway.drain(),
    dropStreams: (reason) => gateway.listener.dropStreams(reason),
    // The bus closes the shared Redis connection (redis-bus.ts); without Redis it only stops.
    close: () => gateway.listener.bus.close(),
  });
}

try {
  await start(gatewaySettingsFromEnvironment(process.env));
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
