// @vitest-environment node
/**
 * Shared desks against the dev provider (dev/oidc), with the gateway's sign-in served over HTTP so the provider's
 * back-channel logout really reaches it: the desk's signed-out page says whether the provider's session ended,
 * GATEWAY_FORCE_SIGN_IN=1 asks for the password at every sign-in, and a sign-out at the provider ends the desk's session.
 */
import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GATEWAY_CLIENT_ID, GATEWAY_CLIENT_SECRET } from '../dev/oidc/client';
import { freePort, startDevProvider, testAgents, type RunningProvider } from '../dev/oidc/provider';
import { createSessionStore, type SessionStore } from '../server/gateway/sessions';
import { addSignInRoutes, SESSION_COOKIE } from '../server/gateway/sign-in';

type Desk = { origin: string; provider: RunningProvider; store: SessionStore; server: ServerType };
const desks: Desk[] = [];

/** A gateway's sign-in routes on a real port, with a dev provider of its own that knows it. */
async function desk(forceSignIn: boolean): Promise<Desk> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const provider = await startDevProvider({ port: 0, appOrigins: [], gatewayOrigins: [origin], resource: 'http://127.0.0.1:9/api' });
  const store = createSessionStore({ secret: 'a session secret of at least 32 characters', idleSeconds: 1800, absoluteSeconds: 36000 });
  const app = new Hono();
  addSignInRoutes(app, {
    publicOrigin: origin,
    oidc: { issuer: provider.issuer, clientId: GATEWAY_CLIENT_ID, clientSecret: GATEWAY_CLIENT_SECRET, scope: 'openid profile' },
    roles: { claim: 'groups', agent: ['desk-agent'], viewer: ['desk-viewer'] },
    store,
    log: () => {},
    forceSignIn,
  });
  app.get('*', (c) => c.text('the app'));
  const server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, () => resolve(s));
  });
  expect((server.address() as AddressInfo).port).toBe(port);
  const made = { origin, provider, store, server };
  desks.push(made);
  return made;
}

let plain: Desk;
let shared: Desk;
beforeAll(async () => {
  [plain, shared] = [await desk(false), await desk(true)];
}, 30_000);
afterAll(async () => {
  for (const d of desks) {
    await d.provider.close();
    await new Promise((resolve) => d.server.close(resolve));
  }
});

/** One browser: cookies per origin, redirects followed by hand, every page it was shown. */
function browser() {
  const jars = new Map<string, Map<string, string>>();
  const shown: string[] = [];
  async function go(url: string, init: RequestInit = {}) {
    const { origin, pathname } = new URL(url);
    const jar = jars.get(origin) ?? new Map<string, string>();
    jars.set(origin, jar);
    const headers = { ...(init.headers as Record<string, string>), cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '), origin };
    const res = await fetch(url, { ...init, redirect: 'manual', headers });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const name = pair.slice(0, pair.indexOf('='));
      const value = pair.slice(pair.indexOf('=') + 1);
      if (value === '' || /max-age=0/i.test(line) || /expires=thu, 01 jan 1970/i.test(line)) jar.delete(name);
      else jar.set(name, value);
    }
    shown.push(`${origin}${pathname}`);
    return res;
  }
  async function follow(url: string, init: RequestInit = {}) {
    let at = url;
    let res = await go(at, init);
    for (let hops = 0; res.status >= 300 && res.status < 400; hops += 1) {
      if (hops > 12) throw new Error('too many redirects');
      at = new URL(res.headers.get('Location') ?? '', at).href;
      res = await go(at);
    }
    return { res, url: at, html: await res.text() };
  }
  return { go, follow, shown, cookie: (origin: string, name: string) => jars.get(origin)?.get(name) };
}
type Browser = ReturnType<typeof browser>;

const agent = testAgents.find((a) => a.username === 'agent.one') ?? testAgents[0];

/** Sign-in from the desk; types the password if the provider asks for it. Whether it asked. */
async function signIn(b: Browser, d: Desk): Promise<{ askedForPassword: boolean; session: string }> {
  let page = await b.follow(`${d.origin}/gateway/login?returnTo=/tickets`);
  const askedForPassword = page.url.includes('/interaction/');
  if (askedForPassword) {
    page = await b.follow(`${page.url}/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: agent?.username ?? '', password: agent?.password ?? '' }).toString(),
    });
  }
  expect(page.url).toBe(`${d.origin}/tickets`);
  return { askedForPassword, session: b.cookie(d.origin, SESSION_COOKIE) ?? '' };
}

/** The desk's sign-out as the app does it, then the provider's question answered `yes` or `no`; the desk's last page. */
async function signOut(b: Browser, d: Desk, answer: 'yes' | 'no') {
  const out = await b.go(`${d.origin}/gateway/logout`, { method: 'POST' });
  expect(out.status).toBe(200);
  const body = await out.text();
  expect(body, 'no token in what page script reads').not.toMatch(/eyJ|id_token/);
  const { redirectTo } = JSON.parse(body) as { redirectTo: string };
  const question = await b.follow(new URL(redirectTo, d.origin).href);
  expect(question.html).toContain('Sign out of the test sign-in service?');
  const form = /<form id="op.logoutForm" method="post" action="([^"]+)"><input type="hidden" name="xsrf" value="([^"]+)"/.exec(question.html);
  const fields = new URLSearchParams({ xsrf: form?.[2] ?? '', ...(answer === 'yes' ? { logout: 'yes' } : {}) });
  return b.follow(new URL(form?.[1] ?? '', question.url).href, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: fields.toString() });
}

describe('a shared desk PC', () => {
  it('"No" at the provider: the desk page says the provider still has the agent, and the next "Sign in" needs no password', async () => {
    const b = browser();
    expect((await signIn(b, plain)).askedForPassword).toBe(true);
    const last = await signOut(b, plain, 'no');
    expect(last.url).toBe(`${plain.origin}/gateway/signed-out`);
    expect(last.html).toContain('You are signed out of the desk only');
    expect(last.html).toContain('anyone who presses "Sign in" on this computer continues as you');
    expect(last.html).toContain('href="/gateway/end-session"');
    // What the page warned of: the next person is signed in as the previous agent without a password.
    expect((await signIn(b, plain)).askedForPassword).toBe(false);
  });

  it('"Yes" at the provider: the desk page says both sessions ended, and the next sign-in asks for the password', async () => {
    const b = browser();
    await signIn(b, plain);
    const last = await signOut(b, plain, 'yes');
    expect(last.url).toBe(`${plain.origin}/gateway/signed-out`);
    expect(last.html).toContain('You are signed out of the desk and of the sign-in service.');
    expect((await signIn(b, plain)).askedForPassword).toBe(true);
  });

  it('GATEWAY_FORCE_SIGN_IN=1: the password is asked at every sign-in, even with the provider still signed in', async () => {
    const b = browser();
    expect((await signIn(b, shared)).askedForPassword).toBe(true);
    const last = await signOut(b, shared, 'no');
    expect(last.html).toContain('This desk asks for the password at every sign-in');
    expect((await signIn(b, shared)).askedForPassword).toBe(true);
    // The authorization request said so itself.
    const start = await b.go(`${shared.origin}/gateway/login`);
    const to = new URL(start.headers.get('Location') ?? '');
    expect([to.searchParams.get('prompt'), to.searchParams.get('max_age')]).toEqual(['login', '0']);
  });

  it("the provider's own page after \"No\" (no return address) says the agent is still signed in there", async () => {
    const b = browser();
    await signIn(b, plain);
    const question = await b.follow(`${plain.provider.issuer}/session/end?client_id=${GATEWAY_CLIENT_ID}`);
    const form = /action="([^"]+)"><input type="hidden" name="xsrf" value="([^"]+)"/.exec(question.html);
    const stayed = await b.follow(new URL(form?.[1] ?? '', question.url).href, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ xsrf: form?.[2] ?? '' }).toString(),
    });
    expect(stayed.html).toContain('You are still signed in here');
    expect(stayed.html).not.toContain('You are signed out');
  });
});

describe('back-channel logout from the dev provider', () => {
  it("a sign-out at the provider (not through the desk) ends the desk's session: the provider posts a logout token", async () => {
    const b = browser();
    const { session } = await signIn(b, plain);
    expect(await plain.store.read(session)).toBeDefined();
    // The agent signs out at the provider directly (another app's sign-out, or the provider's own page), answering yes.
    const question = await b.follow(`${plain.provider.issuer}/session/end?client_id=${GATEWAY_CLIENT_ID}`);
    const form = /action="([^"]+)"><input type="hidden" name="xsrf" value="([^"]+)"/.exec(question.html);
    const done = await b.follow(new URL(form?.[1] ?? '', question.url).href, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ xsrf: form?.[2] ?? '', logout: 'yes' }).toString(),
    });
    expect(done.html).toContain('You are signed out of the test sign-in service');
    // oidc-provider awaits the back-channel call before it answers: the desk session is gone already.
    expect(await plain.store.read(session)).toBeUndefined();
    const me = await b.go(`${plain.origin}/gateway/session`);
    expect(me.status).toBe(401);
  });
});
