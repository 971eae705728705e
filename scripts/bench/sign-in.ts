/** An agent's sign-in through the gateway and the dev provider's form, as a browser makes it (cookies per origin). */
import * as oidc from 'openid-client';
import { testAgents } from '../../dev/oidc/accounts';
import { PROVIDER_CLIENT_ID, PROVIDER_CLIENT_SECRET } from '../../dev/oidc/client';
import type { RunningStack } from './gateway-processes';

/** A browser's cookies, one jar per origin (enough for the provider's interaction cookies and the gateway's). */
export function browser() {
  const jars = new Map<string, Map<string, string>>();
  const cookieHeader = (origin: string) => [...(jars.get(origin) ?? [])].map(([k, v]) => `${k}=${v}`).join('; ');
  const get = async (url: string, init: RequestInit = {}) => {
    const origin = new URL(url).origin;
    const jar = jars.get(origin) ?? new Map<string, string>();
    jars.set(origin, jar);
    const cookie = cookieHeader(origin);
    const response = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers as Record<string, string>), ...(cookie ? { cookie } : {}) } });
    for (const set of response.headers.getSetCookie()) {
      const [pair = ''] = set.split(';');
      const at = pair.indexOf('=');
      const [name, value] = [pair.slice(0, at), pair.slice(at + 1)];
      if (value && !/max-age=0\b/i.test(set)) jar.set(name, value);
      else jar.delete(name);
    }
    return response;
  };
  return { get, cookieHeader };
}

/** Signs the first test agent in through the gateway and the provider's form; answers the gateway's Cookie header. */
export async function signIn(origin: string, agent = testAgents[0]): Promise<string> {
  if (!agent) throw new Error('dev/oidc/accounts.ts has no test agent');
  const { get, cookieHeader } = browser();
  let url = `${origin}/gateway/login?returnTo=/`;
  let response = await get(url);
  for (let hops = 0; hops < 12; hops += 1) {
    const location = response.headers.get('location');
    if (!location) throw new Error(`Sign-in stopped at ${url} with status ${response.status}, no redirect`);
    const at = new URL(location, url);
    url = at.href;
    if (at.origin === origin && !at.pathname.startsWith('/gateway/')) {
      // Back at the app (returnTo): the session cookie must now say who is signed in.
      const cookie = cookieHeader(origin);
      const session = await fetch(`${origin}/gateway/session`, { headers: { cookie } });
      if (session.status !== 200) throw new Error(`Signed in, but /gateway/session answers ${session.status}`);
      return cookie;
    }
    // The provider's login form, POSTed as the agent would; every other hop is a redirect followed.
    response = /^\/interaction\/[^/]+$/.test(at.pathname)
      ? await get(`${at.href}/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ username: agent.username, password: agent.password }).toString(),
        })
      : await get(at.href);
  }
  throw new Error('Sign-in took more than 12 redirects');
}

/** The desk's client at the token provider, as the gateway's service token is set up (client_secret_basic). */
export function deskTokens(running: RunningStack) {
  const { tokenIssuer } = running.stack.origins;
  const config = new oidc.Configuration({ issuer: tokenIssuer, token_endpoint: `${tokenIssuer}/token` }, PROVIDER_CLIENT_ID, {}, oidc.ClientSecretBasic(PROVIDER_CLIENT_SECRET));
  oidc.allowInsecureRequests(config);
  let current: { token: string; renewAt: number } | undefined;
  return async () => {
    if (!current || Date.now() >= current.renewAt) {
      const answer = await oidc.clientCredentialsGrant(config, { resource: running.stack.apiBase });
      current = { token: answer.access_token, renewAt: Date.now() + ((answer.expires_in ?? 60) - 30) * 1000 };
    }
    return current.token;
  };
}
