// Finds the Chromium the e2e tests drive; never downloads one (the machines that run them have no internet).
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import process from 'node:process';

export const DEBIAN_CHROMIUM = '/usr/bin/chromium';

export const NO_CHROMIUM_MESSAGE =
  'No Chromium found: set CHROMIUM_PATH, or install Debian\'s chromium (apt-get install -y chromium).';

/** Where Playwright's own Chromium would be; normally not installed here, and playwright-core may be absent before `npm ci`. */
function playwrightChromium() {
  try {
    const require = createRequire(import.meta.url);
    return require('playwright-core').chromium.executablePath();
  } catch {
    return undefined;
  }
}

/**
 * The first Chromium that exists: $CHROMIUM_PATH, Playwright's own, then Debian's. `undefined` when there is none.
 * The parameters exist so the order can be tested without touching the machine.
 */
export function findChromium({ env = process.env, exists = existsSync, playwrightPath = playwrightChromium } = {}) {
  const candidates = [env.CHROMIUM_PATH, playwrightPath(), DEBIAN_CHROMIUM];
  return candidates.find((candidate) => typeof candidate === 'string' && candidate !== '' && exists(candidate));
}
