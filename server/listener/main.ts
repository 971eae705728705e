/** `npm run listener` / `node dist-listener/main.js`: the receiver (env: docs/listener.md); prints one ready line. */
import { createMetrics, type Metrics } from '../metrics';
import { checkRedis } from '../redis-check';
import { serveUntilStopped } from '../serve';
import { createListenerApp, type ListenerAppOptions } from './app';
import { createLogger, type Logger } from './log';
import { withRedisMetrics } from './metrics-tap';
import { createRedisBus } from './redis-bus';
import { connectRedis, redisKeys } from './redis-connection';
import { createRedisTickets } from './redis-tickets';
import { receiverSettingsFromEnvironment, type ListenerSettings, type ReceiverSettings } from './settings';

/** With REDIS_URL: the log and the tickets in Redis (shared by every receiver); else both in this process. */
function storesOf(settings: ListenerSettings, log: Logger, metrics: Metrics): Pick<ListenerAppOptions, 'bus' | 'tickets'> {
  if (!settings.redis) return {};
  const redis = withRedisMetrics(connectRedis(settings.redis.url, log), metrics);
  const keys = redisKeys(settings.redis.keyPrefix);
  return {
    bus: createRedisBus({ redis, keys, capacity: settings.bufferSize, dedupeSeconds: settings.redis.dedupeSeconds }),
    tickets: createRedisTickets({ redis, keys, now: Date.now, perToken: settings.ticketsPerToken }),
  };
}

async function start(settings: ReceiverSettings) {
  // A wrong password or no Redis at all stops the start with one sentence (issue 30), not a receiver unready for ever.
  const redisRefused = settings.redis ? await checkRedis(settings.redis.url) : null;
  if (redisRefused) throw new Error(redisRefused);
  const log = createLogger();
  const metrics = createMetrics({ role: 'receiver' });
  // Only DEV_AUTH_OFF=1 lets an issuer be unset (settings.ts): said at every start, and on /readyz.
  if (!settings.listenerAuth) console.warn('Warning: DEV_AUTH_OFF=1 and LISTENER_ISSUER is not set, so the listener paths accept ANY bearer token. Development only.');
  if (!settings.relayAuth) console.warn('Warning: DEV_AUTH_OFF=1 and RELAY_ISSUER is not set, so stream tickets are sold for ANY bearer token. Development only.');
  if (settings.testHooks) console.warn('Warning: LISTENER_TEST_HOOKS=1: __test/drop-streams and __test/stats are open. Never in production.');
  const listener = createListenerApp({
    basePath: settings.basePath,
    listenerAuth: settings.listenerAuth,
    relayAuth: settings.relayAuth,
    allowedOrigins: settings.allowedOrigins,
    bufferSize: settings.bufferSize,
    testHooks: settings.testHooks,
    subscriberMaxBytes: settings.subscriberMaxBytes,
    ticketsPerToken: settings.ticketsPerToken,
    maxStreamsPerAgent: settings.maxStreamsPerAgent,
    authenticationOff: settings.authenticationOff,
    metrics,
    metricsToken: settings.metricsToken,
    ...storesOf(settings, log, metrics),
    log,
  });
  serveUntilStopped({
    name: 'The receiver',
    fetch: listener.app.fetch,
    port: settings.port,
    host: settings.host,
    readyLine: (address) => `listening on ${address}${settings.basePath}`,
    drain: () => listener.drain(),
    dropStreams: (reason) => listener.dropStreams(reason),
    close: () => listener.bus.close(),
  });
}

try {
  await start(receiverSettingsFromEnvironment(process.env));
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
