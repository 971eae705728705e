/** The mocked service in the browser (demo mode): an MSW service worker, and tickets that move on by themselves. */
import { setupWorker } from 'msw/browser';
import { showFaultMarker } from './fault-marker';
import { createFaultInjector, faultsFromAddress, type FaultConfig, type FaultInjector, type FaultRecord } from './faults';
import { dialects, type Dialect } from './dialect';
import { createHandlers } from './handlers';
import { createDemoRelay, createRelayHandlers, type Envelope } from './events';
import { DEMO_ADVANCE_EVERY_MS, createStore, type Change } from './store';

/** The demo's data; the shell may show that it is demo data. Seeded relative to now so the demo looks current. */
export const store = createStore({ seedReference: new Date() });

/** The demo's fault injector: off unless the address says `?faults=20` (percent) or someone calls `__demoFaults.set`. */
export const faults: FaultInjector = createFaultInjector(typeof location === 'undefined' ? {} : faultsFromAddress(location.search));

declare global {
  interface Window {
    /** Demo builds only: send an event envelope through the demo's relay, or move the store on and get its changes. */
    __demoEvents?: { emit(envelope: Envelope): void; advance(): Change[]; dropStreams(): number };
    /** Demo builds only: switch faults on or off and read what was injected (docs/mock-api.md "Fault injection"). */
    __demoFaults?: { set(config: Partial<FaultConfig>): FaultConfig; config(): FaultConfig; log(): FaultRecord[]; clear(): void };
  }
}

export async function startWorker(options: { advanceEveryMs?: number } = {}) {
  window.__demoFaults = { set: faults.set, config: faults.config, log: faults.log, clear: faults.clear };
  showFaultMarker(faults.config(), faults.subscribe);
  // The event relay (live updates): fed by the store's changes, served at /relay (relay contract, "Demo").
  const relay = createDemoRelay({ store });
  window.__demoEvents = { emit: (envelope) => void relay.emit(envelope), advance: () => store.advance(), dropStreams: relay.dropStreams };
  // `?dialect=v4` in the demo's first address: the mocked service answers in the older spellings (docs/mock-api.md).
  const asked = new URLSearchParams(location.search).get('dialect');
  const dialect: Dialect = (dialects as readonly (string | null)[]).includes(asked) ? (asked as Dialect) : 'v5';
  const worker = setupWorker(...createRelayHandlers(relay), ...createHandlers({ store, faults, settings: { dialect, totalCount: 'exact' } }));
  await worker.start({
    onUnhandledRequest: 'bypass',
    quiet: true,
    serviceWorker: { url: `${import.meta.env.BASE_URL}mockServiceWorker.js` },
  });
  const timer = setInterval(() => store.advance(), options.advanceEveryMs ?? DEMO_ADVANCE_EVERY_MS);
  return {
    worker,
    stop() {
      clearInterval(timer);
      worker.stop();
    },
  };
}
