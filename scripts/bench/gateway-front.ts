/**
 * The web server in front of the gateway for the Lighthouse runs in gateway mode, as deploy/nginx/gateway-locations.conf
 * stands in front of it: the built app from disk, compressed, and /gateway, /tmf-api, /relay and /listener passed to
 * the gateway. Vite's preview plays nginx here as it does for real mode (scripts/bench/real-mode-servers.ts), in a
 * process of its own that scripts/bench/gateway-mode.ts starts under `nice`.
 *
 * Usage: node --import tsx scripts/bench/gateway-front.ts <outDir> <port> <gateway origin>
 * Prints one line `{"origin": …}` on stdout once it listens; stops on SIGTERM or SIGINT.
 */
import { resolve } from 'node:path';
import { preview } from 'vite';

const [outDir, port, gateway] = process.argv.slice(2);
if (!outDir || !port || !gateway) throw new Error('usage: gateway-front.ts <outDir> <port> <gateway origin>');

const toGateway = { target: gateway };
const server = await preview({
  logLevel: 'silent',
  build: { outDir: resolve(outDir) },
  preview: {
    host: '127.0.0.1',
    port: Number(port),
    strictPort: true,
    proxy: { '/gateway': toGateway, '/tmf-api': toGateway, '/relay': toGateway, '/listener': toGateway },
  },
});
const stop = () => void server.close().finally(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
console.log(JSON.stringify({ origin: `http://127.0.0.1:${port}` }));
