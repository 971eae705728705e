/**
 * In Debian's Chromium: the gateway's `__Host-` cookies (Secure) set by http://127.0.0.1 are kept and sent back, so the
 * development stack needs no cookie without Secure; and page script reads none of them.
 */
import { serve } from '@hono/node-server';
import { chromium, type Browser } from 'playwright-core';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../listener/log';
import { createAuditLog } from './audit';
import { createGatewayApp } from './app';
import { createSessionStore } from './sessions';
import { startTestIdp, testGatewaySettings, type TestIdp } from '../testing/idp';

const PORT = 5224;
const ORIGIN = `http://127.0.0.1:${PORT}`;
let idp: TestIdp;
let server: Server;
let browser: Browser;

beforeAll(async () => {
  idp = await startTestIdp(ORIGIN);
  const gateway = createGatewayApp({
    settings: testGatewaySettings(ORIGIN, idp.issuer, { baseUrl: 'http://127.0.0.1:9/tmf-api/troubleTicket/v5' }),
    store: createSessionStore({ secret: 'a session secret of at least 32 characters', idleSeconds: 1800, absoluteSeconds: 36000 }),
    tokens: { get: async () => 'service-token', invalidate: async () => {} },
    audit: createAuditLog({ log: silentLogger }),
    log: silentLogger,
  });
  server = await new Promise<Server>((resolve) => {
    const s = serve({ fetch: gateway.app.fetch, port: PORT, hostname: '127.0.0.1' }, () => resolve(s as Server)) as Server;
  });
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await idp?.close();
});

describe('the session cookie in Chromium on http://127.0.0.1', () => {
  it('is kept and sent back after sign-in (the relay opens on it), is HttpOnly, and is gone after sign-out', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    idp.signInAs('agent.one');
    await page.goto(`${ORIGIN}/gateway/login?returnTo=/gateway/session`);
    await page.waitForURL(`${ORIGIN}/gateway/session`);
    // The callback's redirect was a navigation started at the IdP; the page's own request shows the cookie at work.
    const me = await page.evaluate(async () => {
      const res = await fetch('/gateway/session');
      return { status: res.status, body: (await res.json()) as { subject?: string } };
    });
    expect(me).toMatchObject({ status: 200, body: { subject: 'agent.one' } });
    // Cookies go by host, not port: the IdP's own (on another port of 127.0.0.1) are left out.
    const ours = async () => (await context.cookies(ORIGIN)).filter((c) => c.name.includes('ttd-'));
    const cookies = await ours();
    expect(cookies.map((c) => [c.name, c.secure, c.httpOnly, c.sameSite])).toEqual([['__Host-ttd-session', true, true, 'Strict']]);
    expect(await page.evaluate(() => document.cookie)).toBe('');
    // The relay opens on the same cookie: an EventSource of the page gets its hello.
    const hello = await page.evaluate(
      () =>
        new Promise<string>((resolve, reject) => {
          const source = new EventSource('/relay/events');
          source.addEventListener('hello', (event) => {
            source.close();
            resolve((event as MessageEvent<string>).data);
          });
          source.onerror = () => reject(new Error('the relay refused the stream'));
        }),
    );
    expect(JSON.parse(hello)).toEqual({ lastEventId: expect.any(String) });

    const out = await page.evaluate(async () => (await fetch('/gateway/logout', { method: 'POST' })).status);
    expect(out).toBe(200);
    // The session cookie is gone; the sign-out's own (for the redirect to the IdP) is HttpOnly and Strict too.
    expect((await ours()).map((c) => [c.name, c.secure, c.httpOnly, c.sameSite])).toEqual([['__Host-ttd-signout', true, true, 'Strict']]);
    expect(await page.evaluate(async () => (await fetch('/gateway/session')).status)).toBe(401);
    await context.close();
  });
});
