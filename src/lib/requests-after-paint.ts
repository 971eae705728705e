/**
 * No request starts before the first screen has been painted (decision 0060). A screen asks for its data as it commits
 * (the overview a dozen counts at once); starting those fetches keeps the browser's network work and the servers busy
 * during the frame that shows the screen, and on a two-core machine that first style and layout then takes several
 * times as long (0060 has the figures). The requests start one frame later, and the screen shows its progress
 * meanwhile. main.tsx sets the gate once, with the first paint; after it, and in tests that set none, requests go at
 * once.
 */
import { createGate } from './gate';

const firstPaint = createGate();

/** Called once by main.tsx with the first screen's paint (src/lib/after-first-paint); settled either way. */
export const holdRequestsUntil = (painted: Promise<void>): void => firstPaint.holdUntil(painted);

/** Resolves once requests may start: what src/api/http.ts waits for before each fetch. */
export const requestsMayStart = (): Promise<void> => firstPaint.passed();
