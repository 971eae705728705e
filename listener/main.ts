/** `npm run listener`: the receiver on 127.0.0.1:4177 (env: see docs/listener.md); prints one ready line. */
import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { createListenerApp } from './app';
import { createLogger } from './log';
import { settingsFromEnvironment, type ListenerSettings } from './settings';

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
    log,
  });
  const server = serve({ fetch: listener.app.fetch, port: settings.port, hostname: settings.host }, (info: AddressInfo) => {
    const host = info.family === 'IPv6' ? `[${info.address}]` : info.address;
    console.log(`listening on http://${host}:${info.port}${settings.basePath}`);
  });
  server.on('error', (error) => {
    console.error(`The receiver could not listen on ${settings.host}:${settings.port}: ${error.message}`);
    process.exit(1);
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: closing open streams and stopping`);
    // Open SSE streams would keep close() waiting forever: end them first; clients reconnect elsewhere and resume.
    listener.dropStreams('shutdown');
    server.close(() => process.exit(0));
    setTimeout(() => process.exit(0), 3000).unref();
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
