// @vitest-environment node
// The order in which the e2e tests look for a Chromium, and that they report "none" instead of downloading one.
import { describe, expect, it } from 'vitest';
import { DEBIAN_CHROMIUM, findChromium } from './chromium-path.mjs';

const PLAYWRIGHT = '/root/.cache/ms-playwright/chromium-1/chrome-linux64/chrome';
const CUSTOM = '/opt/chromium/chrome';

interface Case {
  case: string;
  env: string | undefined;
  present: string[];
  expected: string | undefined;
}

describe('findChromium', () => {
  it.each<Case>([
    { case: 'CHROMIUM_PATH wins when it exists', env: CUSTOM, present: [CUSTOM, PLAYWRIGHT, DEBIAN_CHROMIUM], expected: CUSTOM },
    { case: "Playwright's own when CHROMIUM_PATH is unset", env: undefined, present: [PLAYWRIGHT, DEBIAN_CHROMIUM], expected: PLAYWRIGHT },
    { case: "Debian's when Playwright's is not installed", env: undefined, present: [DEBIAN_CHROMIUM], expected: DEBIAN_CHROMIUM },
    { case: 'a CHROMIUM_PATH that does not exist is skipped', env: CUSTOM, present: [DEBIAN_CHROMIUM], expected: DEBIAN_CHROMIUM },
    { case: 'an empty CHROMIUM_PATH is skipped', env: '', present: ['', DEBIAN_CHROMIUM], expected: DEBIAN_CHROMIUM },
    { case: 'none at all', env: CUSTOM, present: [], expected: undefined },
  ])('$case', ({ env, present, expected }) => {
    const found = findChromium({
      env: { CHROMIUM_PATH: env },
      exists: (path) => present.includes(path),
      playwrightPath: () => PLAYWRIGHT,
    });
    expect(found).toBe(expected);
  });

  it('skips Playwright when playwright-core cannot say where its Chromium is', () => {
    const found = findChromium({ env: {}, exists: (path) => path === DEBIAN_CHROMIUM, playwrightPath: () => undefined });
    expect(found).toBe(DEBIAN_CHROMIUM);
  });
});
