/**
 * The app shell's service worker settings (vite-plugin-pwa's Workbox options, docs/decisions/0037). Kept apart from
 * vite.config.ts so a test can read exactly what the build uses: which navigations the shell must never answer.
 */
import type { VitePWAOptions } from 'vite-plugin-pwa';

/** The API's default path on this origin (src/lib/config.ts DEFAULT_API_BASE_URL). */
const DEFAULT_API_PATH = '/tmf-api/troubleTicket/v5';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Paths the shell must leave to the network (issue 27): the gateway's sign-in, callback and sign-out pages, the relay,
 * the receiver's paths and the API. Answered with index.html, "Sign in" would open the app again instead of the
 * provider's page. Workbox tests each against the path and query of a navigation.
 */
export function networkOnlyPaths(apiBaseUrl: string | undefined): RegExp[] {
  const api = apiBaseUrl?.startsWith('/') && !apiBaseUrl.startsWith('//') ? apiBaseUrl.replace(/\/+$/, '') : DEFAULT_API_PATH;
  const prefixes = ['/gateway', '/relay', '/listener', '/tmf-api', ...(api.startsWith('/tmf-api/') ? [] : [api])];
  return prefixes.map((prefix) => new RegExp(`^${escape(prefix)}(?:[/?#]|$)`));
}

/** The Workbox settings of the shell worker; disabled in the demo (its scope belongs to the mocked service's worker). */
export function shellWorkerOptions(mode: string, apiBaseUrl: string | undefined): Partial<VitePWAOptions> {
  return {
    disable: mode === 'demo',
    injectRegister: false,
    registerType: 'prompt',
    manifest: false,
    filename: 'sw.js',
    workbox: {
      globPatterns: ['**/*.{js,css,html,svg}'],
      globIgnores: ['mockServiceWorker.js'],
      // Every address of the app is the app: offline, a reload of /tickets/TT-1 opens the shell from the cache.
      navigateFallback: 'index.html',
      navigateFallbackDenylist: networkOnlyPaths(apiBaseUrl),
      cleanupOutdatedCaches: true,
      // One file: the worker runs under the site's policy too, and Trusted Types refuse its loader's importScripts()
      // of a separate workbox-*.js with a plain string (decision 0055). Inlined, there is nothing to import.
      inlineWorkboxRuntime: true,
    },
  };
}
