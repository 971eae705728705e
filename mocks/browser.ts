/** The mocked service in the browser (demo mode): an MSW service worker, and tickets that move on by themselves. */
import { http, passthrough } from 'msw';
import { setupWorker } from 'msw/browser';
import { nextTask } from '../src/lib/import-in-steps';
import { trustedScriptUrl } from '../src/lib/trusted-types';
import { closeWorkerLeftovers } from './browser-ports';
import { showFaultMarker } from './fault-marker';
import { createFaultInjector, faultsFromAddress, type FaultConfig, type FaultInjector, type FaultRecord } from './faults';
import { dialects, type Dialect } from './dialect';
import { createHandlers } from './handlers';
import { RELAY_PATH, createDemoRelay, createRelayHandlers, type Envelope } from './events';
import { DEFAULT_TICKET_COUNT, seedTicketsInSlices } from './seed';
import { DEMO_ADVANCE_EVERY_MS, createStore, type ActOptions, type ActResult, type Change, type ProviderAction } from './store';


/** The demo's fault injector: off unless the address says `?faults=20` (percent) or someone calls `__demoFaults.set`. */
export const faults: FaultInjector = createFaultInjector(typeof location === 'undefined' ? {} : faultsFromAddress(location.search));

declare global {
  interface Window {
    /**
     * Demo builds only: send an event envelope through the demo's relay, move the store on and get its changes, or make
     * the provider act on one ticket (`act('TT-000241', 'askForInformation', { path: '/accessLineId' })`; the actions
     * of `npm run provider`, docs/mock-api.md "Demo controls").
     */
    __demoEvents?: {
      emit(envelope: Envelope): void;
      advance(): Change[];
      dropStreams(): number;
      act(ticket: string, action: ProviderAction, options?: ActOptions): ActResult;
    };
    /** Demo builds only: switch faults on or off and read what was injected (docs/mock-api.md "Fault injection"). */
    __demoFaults?: { set(config: Partial<FaultConfig>): FaultConfig; config(): FaultConfig; log(): FaultRecord[]; clear(): void };
  }
}

/**
 * Registering a service worker is a Trusted Types sink (decision 0055), and MSW turns whatever URL it is given into a
 * string (`url.toString()`) before it registers, so a TrustedScriptURL cannot be handed to it. The demo's page routes
 * register() through the app's one policy instead, which passes the mocked service's worker and refuses any other URL;
 * the production build never loads this file.
 */
function registerThroughTrustedTypes(): void {
  const container = navigator.serviceWorker;
  const register = container.register.bind(container);
  // The browser takes a TrustedScriptURL where lib.dom's type says string.
  container.register = (url, options) => register(trustedScriptUrl(String(url)) as string, options);
}

/**
 * Starts the demo's service on the page's main thread, in pieces of a few milliseconds with a task between them, so a
 * slow phone's first screen stays responsive meanwhile (decision 0058: in one piece it is one long task).
 */
export async function startWorker(options: { advanceEveryMs?: number } = {}) {
  // The demo's data, seeded relative to now so the demo looks current.
  const seedReference = new Date();
  const seededTickets = await seedTicketsInSlices(DEFAULT_TICKET_COUNT, { reference: seedReference }, { sliceMs: 8, nextTask });
  const store = createStore({ seedReference, seededTickets });
  await nextTask();
  showFaultMarker(faults.config(), faults.subscribe);
  // The event relay (live updates): fed by the store's changes, served at /relay (relay contract, "Demo").
  const relay = createDemoRelay({ store });
  // `?dialect=v4` in the demo's first address: the mocked service answers in the older spellings (docs/mock-api.md).
  const asked = new URLSearchParams(location.search).get('dialect');
  const dialect: Dialect = (dialects as readonly (string | null)[]).includes(asked) ? (asked as Dialect) : 'v5';
  // The app's own files (scripts, styles, icons) go to the network after one look. Every request of the page reaches
  // MSW, which tries its handlers in order and reads the page's cookies for each one it tries: a script fetched after
  // the worker started would pay for every handler, on a slow phone's main thread (decision 0058).
  const served = [`${store.baseUrl}/`, `${RELAY_PATH}/`];
  const appFiles = http.all(({ request }) => !served.some((prefix) => new URL(request.url).pathname.startsWith(prefix)), () => passthrough());
  const worker = setupWorker(
    appFiles,
    ...createHandlers({ store, faults, settings: { dialect, totalCount: 'exact' } }),
    ...createRelayHandlers(relay),
  );
  await nextTask();
  registerThroughTrustedTypes();
  closeWorkerLeftovers();
  await worker.start({
    onUnhandledRequest: 'bypass',
    quiet: true,
    serviceWorker: { url: `${import.meta.env.BASE_URL}mockServiceWorker.js` },
  });
  // The hooks for scripts and tests, once the service answers (the screen shows before it does).
  window.__demoFaults = { set: faults.set, config: faults.config, log: faults.log, clear: faults.clear };
  window.__demoEvents = {
    emit: (envelope) => void relay.emit(envelope),
    advance: () => store.advance(),
    dropStreams: relay.dropStreams,
    act: (ticket, action, options) => store.act(ticket, action, options),
  };
  const timer = setInterval(() => store.advance(), options.advanceEveryMs ?? DEMO_ADVANCE_EVERY_MS);
  return {
    worker,
    stop() {
      clearInterval(timer);
      worker.stop();
    },
  };
}
