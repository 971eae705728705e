/** `npm run listener` / `node dist-listener/main.js`: the receiver (env: docs/listener.md); prints one ready line. */
import { serve } from '@hono/node-server';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createListenerApp, type ListenerAppOptions } from './app';
import { createLogger, type Logger } from './log';
import { createRedisBus } from './redis-bus';
import { connectRedis, redisKeys } from './redis-connection';
import { createRedisTickets } from './redis-tickets';
import { settingsFromEnvironment, type ListenerSettings } from './settings';

/** A stop finishes within this: open streams end at once, idle keep-alive connections close at once, busy ones at the end. */
const SHUTDOWN_MS = 1000;

/** With REDIS_URL: the log and the tickets in Redis (shared by every receiver); else both in this process. */
function storesOf(settings: ListenerSettings, log: Logger): Pick<ListenerAppOptions, 'bus' | 'tickets'> {
  if (!settings.redis) return {};
  const redis = connectRedis(settings.redis.url, log);
  const keys = redisKeys(settings.redis.keyPrefix);
  return {
    bus: createRedisBus({ redis, keys, capacity: settings.bufferSize, dedupeSeconds: settings.redis.dedupeSeconds }),
    tickets: createRedisTickets({ redis, keys, now: Date.now, perToken: settings.ticketsPerToken }),
  };
}

function start(settings: ListenerSettings) {
  const log = createLogger();
  if (!settings.listenerAuth) console.warn('Warning: LISTENER_ISSUER is not set, so the listener paths accept ANY bearer token. Set LISTENER_ISSUER and LISTENER_AUDIENCE outside development.');
  if (!settings.relayAuth) console.warn('Warning: RELAY_ISSUER is not set, so stream tickets are sold for ANY bearer token. Set RELAY_ISSUER and RELAY_AUDIENCE outside development.');
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
    ...storesOf(settings, log),
    log,
  });
  const server = serve({ fetch: listener.app.fetch, port: settings.port, hostname: settings.host }, (info: AddressInfo) => {
    const host = info.family === 'IPv6' ? `[${info.address}]` : info.address;
    console.log(`listening on http://${host}:${info.port}${settings.basePath}`);
  }) as Server;
  server.on('error', (error) => {
    console.error(`The receiver could not listen on ${settings.host}:${settings.port}: ${error.message}`);
    process.exit(1);
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: closing open streams and connections, stopping within ${SHUTDOWN_MS} ms`);
    const deadline = setTimeout(() => process.exit(0), SHUTDOWN_MS);
    listener.drain();
    // Open SSE streams would keep close() waiting: end them first; clients reconnect elsewhere and resume.
    listener.dropStreams('shutdown');
    server.close();
    // Idle keep-alive connections would otherwise wait for their next request (or the client's timeout).
    server.closeIdleConnections();
    // Requests under way get most of the time; whatever is still open then is cut, so the deadline holds.
    const cut = setTimeout(() => server.closeAllConnections(), SHUTDOWN_MS - 200);
    void Promise.allSettled([new Promise((resolve) => server.once('close', resolve)), listener.bus.close()]).then(() => {
      clearTimeout(cut);
      clearTimeout(deadline);
      process.exit(0);
    });
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

try {
  start(settingsFromEnvironment(process.env));
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
