/**
 * Trusted Types (decision 0055): under `require-trusted-types-for 'script'` the browser takes no plain string at a
 * script sink. The app hits one kind: a service worker's URL (the offline shell's /sw.js, the demo's mocked service).
 * This one policy turns exactly those same-origin URLs into TrustedScriptURLs and refuses everything else; there is
 * no 'default' policy, so any other sink a change brings in fails loudly instead of being let through.
 */
import type { TrustedScriptURL, TrustedTypePolicyFactory } from 'trusted-types/lib';

/** The policy's name, which the Content-Security-Policy's `trusted-types` directive allows (scripts/csp.ts). */
export const TRUSTED_TYPES_POLICY = 'ttd-script-url';

/** The only scripts the app hands to a sink, below the site's base path: both are service workers of this origin. */
export const TRUSTED_SCRIPT_FILES = ['sw.js', 'mockServiceWorker.js'] as const;

type ScriptUrlPolicy = { createScriptURL(input: string): TrustedScriptURL };

let policy: ScriptUrlPolicy | null | undefined;

/** `input` when it is one of the app's own scripts on this origin (as a path or an absolute URL); else it throws. */
export function checkScriptUrl(input: string, origin: string, base = '/'): string {
  const url = new URL(input, origin);
  const known = TRUSTED_SCRIPT_FILES.some((file) => url.pathname === `${base}${file}`);
  if (url.origin !== origin || !known || url.search || url.hash) {
    throw new TypeError(`Trusted Types: ${input} is not a script this app loads; only ${TRUSTED_SCRIPT_FILES.join(', ')} of this site are.`);
  }
  return input;
}

/**
 * Creates the policy once, on first use (the first service worker registration, after the first paint: nothing else
 * on the page makes policies, so waiting costs nothing and keeps this module off the first screen); a browser without
 * Trusted Types has none, and needs none. The browser allows one policy of this name per page: later calls reuse it.
 */
export function createTrustedTypesPolicy(): ScriptUrlPolicy | null {
  if (policy !== undefined) return policy;
  const factory = (globalThis as { trustedTypes?: TrustedTypePolicyFactory }).trustedTypes;
  policy = factory
    ? factory.createPolicy(TRUSTED_TYPES_POLICY, {
        createScriptURL: (input: string) => checkScriptUrl(input, window.location.origin, import.meta.env.BASE_URL),
      })
    : null;
  return policy;
}

/**
 * One of the app's own script URLs as a sink takes it: a TrustedScriptURL where the browser has Trusted Types, the
 * string where it has not. Anything but the known scripts throws.
 */
export function trustedScriptUrl(input: string): TrustedScriptURL | string {
  const current = createTrustedTypesPolicy();
  return current ? current.createScriptURL(input) : checkScriptUrl(input, window.location.origin, import.meta.env.BASE_URL);
}
