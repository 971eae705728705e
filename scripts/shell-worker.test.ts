// The app shell's service worker never answers the gateway's, the relay's, the receiver's or the API's addresses with
// index.html (issue 27: "Sign in" would open the app again): checked in the options vite.config.ts hands the plugin,
// with Workbox's own navigation route doing the matching.
import { NavigationRoute } from 'workbox-routing';
import { describe, expect, it, vi } from 'vitest';
import type { VitePWAOptions } from 'vite-plugin-pwa';
import { networkOnlyPaths } from './shell-worker';

// Workbox's modules read the worker's global `self` as they load; in Node it is the global object.
vi.hoisted(() => {
  (globalThis as { self?: unknown }).self ??= globalThis;
});

const given: Partial<VitePWAOptions>[] = [];
vi.mock('vite-plugin-pwa', () => ({
  VitePWA: (options: Partial<VitePWAOptions>) => {
    given.push(options);
    return [];
  },
}));

/** The Workbox options vite.config.ts builds the worker with, for a build in `mode`. */
async function workboxOf(mode: string) {
  given.length = 0;
  const { default: viteConfig } = await import('../vite.config');
  if (typeof viteConfig !== 'function') throw new Error('vite.config.ts no longer exports a function of the mode');
  await viteConfig({ mode, command: 'build', isSsrBuild: false, isPreview: false });
  const options = given.at(-1);
  if (!options?.workbox) throw new Error('vite.config.ts gave the PWA plugin no Workbox options');
  return { ...options, workbox: options.workbox };
}

/** Whether the shell worker answers a navigation to `path` with the app shell. */
function shellAnswers(denylist: RegExp[] | undefined, path: string): boolean {
  const route = new NavigationRoute(() => Promise.resolve(new Response('index.html')), { denylist });
  const url = new URL(path, 'https://desk.example.com');
  // A navigation, as the browser makes it (Node's Request cannot be given mode "navigate").
  const request = { mode: 'navigate', url: url.href } as Request;
  return Boolean(route.match({ url, request, event: {} as never, sameOrigin: true }));
}

describe('the shell worker in the build (vite.config.ts)', () => {
  it.each(['production', 'gateway'])('in %s mode falls back to the shell, except where the network must answer', async (mode) => {
    const { workbox, disable } = await workboxOf(mode);
    expect(disable).toBe(false);
    expect(workbox.navigateFallback).toBe('index.html');
    expect(workbox.navigateFallbackDenylist).toEqual(networkOnlyPaths(undefined));
  });

  it('is off in the demo', async () => {
    expect((await workboxOf('demo')).disable).toBe(true);
  });
});

describe('which navigations the shell answers', () => {
  const denylist = networkOnlyPaths(undefined);
  it.each([
    ['/gateway/login?returnTo=%2Ftickets%2FTT-1'],
    ['/gateway/callback?code=abc&state=xyz'],
    ['/gateway/logout'],
    ['/gateway/session'],
    ['/gateway'],
    ['/relay/events'],
    ['/relay'],
    ['/listener/troubleTicketCreateEvent'],
    ['/tmf-api/troubleTicket/v5/troubleTicket?limit=10'],
    ['/tmf-api/troubleTicket/v5'],
  ])('%s goes to the network', (path) => {
    expect(shellAnswers(denylist, path)).toBe(false);
  });

  it.each([
    ['/'],
    ['/tickets/TT-1'],
    ['/tickets/new?step=check'],
    ['/cancel-orders'],
    ['/gateways-explained'],
    ['/relays'],
    ['/tickets?q=/gateway/login'],
  ])('%s is the app: the shell answers, offline too', (path) => {
    expect(shellAnswers(denylist, path)).toBe(true);
  });

  it.each([
    ['/api/v5', '/api/v5/troubleTicket', false],
    ['/api/v5/', '/api/v5', false],
    ['/api/v5', '/api/v50', true],
    ['https://api.example.net/tmf-api/troubleTicket/v5', '/tmf-api/troubleTicket/v5/troubleTicket', false],
  ])('with the API at %s, %s is answered by the shell: %s', (api, path, shell) => {
    expect(shellAnswers(networkOnlyPaths(api), path)).toBe(shell);
  });
});
