/**
 * Demo mode: whether the in-browser mocked service runs yet. main.tsx paints the app first and starts the service
 * beside it (issue 18: its worker and data were most of the demo's first-paint time); requests and screens wait for it.
 * Outside demo mode, and in tests, it is ready from the start.
 */
import { useSyncExternalStore } from 'react';

let ready = true;
let whenReady: Promise<void> = Promise.resolve();
const listeners = new Set<() => void>();

/** Called once by main.tsx with the service's start; settled either way (a failed start is said by the screens). */
export function startingDemoService(start: Promise<unknown>): void {
  ready = false;
  whenReady = start.then(
    () => undefined,
    () => undefined,
  );
  void whenReady.then(() => {
    ready = true;
    for (const listener of listeners) listener();
  });
}

/** Resolves when the service answers (or could not start): what every request of the demo waits for. */
export const demoServiceReady = (): Promise<void> => whenReady;

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useDemoServiceReady(): boolean {
  return useSyncExternalStore(subscribe, () => ready);
}
