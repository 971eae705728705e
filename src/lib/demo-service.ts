/**
 * Demo mode: whether the in-browser mocked service runs yet. main.tsx paints the first screen and then starts the
 * service (decision 0058: its code, data and worker would be most of the demo's first-paint time); every request waits
 * for it (the demo token source), and the screens show their progress meanwhile. Outside demo mode, and in tests that
 * do not start one, it is ready from the start.
 */
import { createGate } from './gate';

const service = createGate();

/** Called once by main.tsx with the service's start; settled either way (a failed start is said by the screens). */
export const startingDemoService = (start: Promise<unknown>): void => service.holdUntil(start);

/** Resolves when the service answers (or could not start): what every request of the demo waits for. */
export const demoServiceReady = (): Promise<void> => service.passed();
