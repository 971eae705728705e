/**
 * The app shell's service worker (Workbox, built by vite-plugin-pwa): registered after the first screen, in real-mode
 * production builds only (the demo's scope belongs to the mocked service's worker, docs/decisions/0037). A new
 * version is announced, never forced: the page reloads only when the agent presses Reload in it.
 */
import { Workbox } from 'workbox-window';
import { trustedScriptUrl } from './trusted-types';
import { createStore, type Readable } from './external-store';

/** none: nothing new; waiting: a new version is installed and waits for Reload; active: another tab took it up. */
export type UpdateState = 'none' | 'waiting' | 'active';

const store = createStore<UpdateState>('none');
const setState = store.set;
/** Whether a new version waits (the header's notice reads it). */
export const updateState: Readable<UpdateState> = store;
let workbox: Workbox | undefined;
let reloadAsked = false;
const reloadWindow = () => window.location.reload();
let reloadPage = reloadWindow;

/** Where the built worker is served (vite-plugin-pwa's default file name, at the site's root for scope "/"). */
export const SERVICE_WORKER_URL = '/sw.js';

/**
 * Registers the worker once; a browser without service workers (or one that refuses) simply has no offline shell.
 * `reload` is the page's reload (tests watch it instead).
 */
export function registerServiceWorker(url = SERVICE_WORKER_URL, reload: () => void = reloadWindow): void {
  if (workbox || !('serviceWorker' in navigator)) return;
  reloadPage = reload;
  // Registering a worker is a Trusted Types sink: the URL goes through the app's policy (decision 0055).
  const wb = new Workbox(trustedScriptUrl(url), { scope: '/' });
  workbox = wb;
  // A new version finished installing while this page runs the old one.
  wb.addEventListener('waiting', () => setState('waiting'));
  wb.addEventListener('controlling', (event) => {
    if (!event.isUpdate) return;
    // Reload here only when the agent asked here; another tab's Reload must not take this tab's page away.
    if (reloadAsked) reloadPage();
    else setState('active');
  });
  wb.register().catch(() => {
    // Blocked (private mode, policy) or unreachable: the app works online as before.
    workbox = undefined;
  });
}

/**
 * The agent pressed Reload: the waiting version takes over and this page reloads into it. Drafts are saved as the
 * agent types and on pagehide, so the reload loses nothing typed.
 */
export function applyUpdate(): void {
  reloadAsked = true;
  if (store.get() === 'active' || !workbox) reloadPage();
  else workbox.messageSkipWaiting();
}
