/** The gateway's settings from the environment, checked: a wrong or missing one stops the start with one sentence. */
import { readFileSync } from 'node:fs';
import { isLoopbackHost } from '../loopback';
import { DEFAULT_UPSTREAM_MAX_BYTES, DEFAULT_UPSTREAM_TIMEOUT_MS } from './proxy';
import { authenticationOffOf, settingsFromEnvironment as listenerSettingsFrom, trimmed, wholeNumber, type ListenerSettings } from '../listener/settings';

export type ProviderAuth =
  | { method: 'client_secret_basic'; clientSecret: string }
  /** The PEM (PKCS#8) or JWK text of the private key, read from GATEWAY_PROVIDER_PRIVATE_KEY_FILE. */
  | { method: 'private_key_jwt'; privateKey: string };

export type GatewaySettings = {
  port: number;
  host: string;
  /** The app's origin as the browser sees it, e.g. https://desk.example.com (no trailing slash). */
  publicOrigin: string;
  oidc: { issuer: string; clientId: string; clientSecret: string; scope: string };
  api: { baseUrl: string; path: string; timeoutMs: number; maxResponseBytes: number };
  provider: { tokenUrl: string; issuer: string | undefined; clientId: string; auth: ProviderAuth; audience: string | undefined; scope: string | undefined };
  roles: { claim: string; agent: string[]; viewer: string[] };
  session: { secret: string; idleSeconds: number; absoluteSeconds: number };
  staticDir: string | undefined;
  /** GATEWAY_FORCE_SIGN_IN=1 (shared desk PCs): every sign-in asks for the password (prompt=login, max_age=0). */
  forceSignIn: boolean;
  /** The receiver's settings (LISTENER_*, REDIS_URL, REDIS_KEY_PREFIX) for the listener paths and the relay. */
  listener: Pick<ListenerSettings, 'listenerAuth' | 'bufferSize' | 'testHooks' | 'redis' | 'subscriberMaxBytes' | 'maxStreamsPerAgent' | 'metricsToken'> & {
    /** DEV_AUTH_OFF=1 and no LISTENER_ISSUER: the listener paths take any bearer token (development on this machine only). */
    authenticationOff: boolean;
  };
};

export const DEFAULT_GATEWAY_PORT = 4180;
export const DEFAULT_API_PATH = '/tmf-api/troubleTicket/v5';
export const DEFAULT_OIDC_SCOPE = 'openid profile offline_access';
export const MIN_SESSION_SECRET_LENGTH = 32;

type Env = NodeJS.ProcessEnv;
export type ReadFile = (path: string) => string;


function required(env: Env, name: string): string {
  const value = trimmed(env[name]);
  if (value === undefined) throw new Error(`${name} must be set (docs/gateway.md lists every setting).`);
  return value;
}

/**
 * An absolute https URL, or http on a loopback host (development); a credential travels to every one of them.
 * `originOnly`: nothing but scheme, host and port.
 */
function urlOf(name: string, value: string, originOnly = false): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} must be an absolute URL like https://desk.example.com, not "${value}".`);
  }
  const secure = url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname));
  if (!secure) throw new Error(`${name} must be an https:// URL (http:// only on a loopback host such as 127.0.0.1), not "${value}".`);
  if (url.username || url.password || url.hash || url.search) throw new Error(`${name} must hold no user, password, query or fragment.`);
  if (originOnly && url.origin !== value.replace(/\/$/, '')) throw new Error(`${name} must be an origin like https://desk.example.com, without a path, not "${value}".`);
  return url;
}

function checkedUrl(name: string, value: string): string {
  urlOf(name, value);
  return value;
}

/** NAME, or NAME_FILE (the file's content, one trailing line break dropped); both at once is a mistake. */
function secretOf(env: Env, name: string, readFile: ReadFile, isRequired: boolean): string | undefined {
  const direct = trimmed(env[name]);
  const file = trimmed(env[`${name}_FILE`]);
  if (direct !== undefined && file !== undefined) throw new Error(`Set ${name} or ${name}_FILE, not both.`);
  if (file !== undefined) {
    let text: string;
    try {
      text = readFile(file);
    } catch {
      throw new Error(`${name}_FILE names a file the gateway cannot read: "${file}".`);
    }
    const secret = text.replace(/\r?\n$/, '');
    if (!secret) throw new Error(`${name}_FILE names an empty file: "${file}".`);
    return secret;
  }
  if (direct === undefined && isRequired) throw new Error(`${name} (or ${name}_FILE) must be set.`);
  return direct;
}

function listOf(env: Env, name: string, fallback: string): string[] {
  const items = (trimmed(env[name]) ?? fallback).split(',').map((item) => item.trim()).filter(Boolean);
  if (items.length === 0 || items.some((item) => /\s/.test(item))) throw new Error(`${name} must be a comma-separated list of role names without spaces.`);
  return items;
}

function apiPathOf(env: Env): string {
  const value = trimmed(env.GATEWAY_API_PATH) ?? DEFAULT_API_PATH;
  if (!/^(\/[A-Za-z0-9._~-]+)+$/.test(value)) throw new Error(`GATEWAY_API_PATH must be a path like ${DEFAULT_API_PATH} (no trailing slash), not "${value}".`);
  for (const reserved of ['/gateway', '/relay', '/listener']) {
    if (value === reserved || value.startsWith(`${reserved}/`)) throw new Error(`GATEWAY_API_PATH must not lie under ${reserved}, which the gateway serves itself.`);
  }
  return value;
}

function providerAuthOf(env: Env, readFile: ReadFile): ProviderAuth {
  const method = trimmed(env.GATEWAY_PROVIDER_AUTH_METHOD) ?? 'client_secret_basic';
  if (method === 'client_secret_basic') {
    return { method, clientSecret: secretOf(env, 'GATEWAY_PROVIDER_CLIENT_SECRET', readFile, true) as string };
  }
  if (method === 'private_key_jwt') {
    const file = required(env, 'GATEWAY_PROVIDER_PRIVATE_KEY_FILE');
    let privateKey: string;
    try {
      privateKey = readFile(file).trim();
    } catch {
      throw new Error(`GATEWAY_PROVIDER_PRIVATE_KEY_FILE names a file the gateway cannot read: "${file}".`);
    }
    if (!privateKey.startsWith('-----BEGIN PRIVATE KEY-----') && !privateKey.startsWith('{')) {
      throw new Error('GATEWAY_PROVIDER_PRIVATE_KEY_FILE must hold a PKCS#8 PEM private key (BEGIN PRIVATE KEY) or a private JWK.');
    }
    return { method, privateKey };
  }
  throw new Error(`GATEWAY_PROVIDER_AUTH_METHOD must be client_secret_basic or private_key_jwt, not "${method}".`);
}

export function gatewaySettingsFromEnvironment(env: Env, readFile: ReadFile = (path) => readFileSync(path, 'utf8')): GatewaySettings {
  const publicOrigin = urlOf('GATEWAY_PUBLIC_ORIGIN', required(env, 'GATEWAY_PUBLIC_ORIGIN'), true).origin;
  const secret = secretOf(env, 'GATEWAY_SESSION_SECRET', readFile, true) as string;
  if (secret.length < MIN_SESSION_SECRET_LENGTH) {
    throw new Error(`GATEWAY_SESSION_SECRET must be at least ${MIN_SESSION_SECRET_LENGTH} characters long (for example: openssl rand -base64 48).`);
  }
  const idleSeconds = wholeNumber('GATEWAY_SESSION_IDLE_SECONDS', env.GATEWAY_SESSION_IDLE_SECONDS, 1800, 60, 86_400);
  const absoluteSeconds = wholeNumber('GATEWAY_SESSION_ABSOLUTE_SECONDS', env.GATEWAY_SESSION_ABSOLUTE_SECONDS, 36_000, 60, 30 * 86_400);
  if (absoluteSeconds < idleSeconds) throw new Error('GATEWAY_SESSION_ABSOLUTE_SECONDS must not be shorter than GATEWAY_SESSION_IDLE_SECONDS.');
  const tokenUrl = urlOf('GATEWAY_PROVIDER_TOKEN_URL', required(env, 'GATEWAY_PROVIDER_TOKEN_URL')).href;
  const providerIssuer = trimmed(env.GATEWAY_PROVIDER_ISSUER);
  const audience = trimmed(env.GATEWAY_PROVIDER_AUDIENCE);
  if (audience !== undefined) {
    try {
      new URL(audience);
    } catch {
      throw new Error(`GATEWAY_PROVIDER_AUDIENCE must be an absolute URI (RFC 8707 resource), not "${audience}".`);
    }
  }
  const staticDir = trimmed(env.GATEWAY_STATIC_DIR);
  const listener = listenerSettingsFrom(env);
  const host = trimmed(env.GATEWAY_HOST) ?? '127.0.0.1';
  // The relay opens streams on the agent's session here: only the listener paths need an issuer (RELAY_* is unused).
  const authenticationOff = authenticationOffOf(env, { variable: 'GATEWAY_HOST', host }, [['LISTENER_ISSUER', listener.listenerAuth]]);
  return {
    port: wholeNumber('GATEWAY_PORT', env.GATEWAY_PORT, DEFAULT_GATEWAY_PORT, 0, 65535),
    host,
    publicOrigin,
    oidc: {
      // Kept as written: discovery compares it with the provider's `issuer` character for character.
      issuer: checkedUrl('GATEWAY_OIDC_ISSUER', required(env, 'GATEWAY_OIDC_ISSUER')),
      clientId: required(env, 'GATEWAY_OIDC_CLIENT_ID'),
      clientSecret: secretOf(env, 'GATEWAY_OIDC_CLIENT_SECRET', readFile, true) as string,
      scope: scopeOf(env),
    },
    api: {
      baseUrl: urlOf('GATEWAY_API_BASE_URL', required(env, 'GATEWAY_API_BASE_URL')).href.replace(/\/$/, ''),
      path: apiPathOf(env),
      timeoutMs: wholeNumber('GATEWAY_UPSTREAM_TIMEOUT_MS', env.GATEWAY_UPSTREAM_TIMEOUT_MS, DEFAULT_UPSTREAM_TIMEOUT_MS, 100, 300_000),
      maxResponseBytes: wholeNumber('GATEWAY_UPSTREAM_MAX_BYTES', env.GATEWAY_UPSTREAM_MAX_BYTES, DEFAULT_UPSTREAM_MAX_BYTES, 1024, 1_073_741_824),
    },
    provider: {
      tokenUrl,
      issuer: providerIssuer === undefined ? undefined : checkedUrl('GATEWAY_PROVIDER_ISSUER', providerIssuer),
      clientId: required(env, 'GATEWAY_PROVIDER_CLIENT_ID'),
      auth: providerAuthOf(env, readFile),
      audience,
      scope: trimmed(env.GATEWAY_PROVIDER_SCOPE),
    },
    roles: {
      claim: rolesClaimOf(env),
      agent: listOf(env, 'GATEWAY_AGENT_ROLES', 'desk-agent'),
      viewer: listOf(env, 'GATEWAY_VIEWER_ROLES', 'desk-viewer'),
    },
    session: { secret, idleSeconds, absoluteSeconds },
    staticDir,
    forceSignIn: switchOf(env, 'GATEWAY_FORCE_SIGN_IN'),
    listener: {
      listenerAuth: listener.listenerAuth,
      bufferSize: listener.bufferSize,
      testHooks: listener.testHooks,
      redis: listener.redis,
      subscriberMaxBytes: listener.subscriberMaxBytes,
      maxStreamsPerAgent: listener.maxStreamsPerAgent,
      metricsToken: listener.metricsToken,
      authenticationOff,
    },
  };
}

function scopeOf(env: Env): string {
  const scope = trimmed(env.GATEWAY_OIDC_SCOPE) ?? DEFAULT_OIDC_SCOPE;
  if (!scope.split(/\s+/).includes('openid')) throw new Error(`GATEWAY_OIDC_SCOPE must include openid, not "${scope}".`);
  return scope;
}

function rolesClaimOf(env: Env): string {
  const claim = trimmed(env.GATEWAY_ROLES_CLAIM) ?? 'groups';
  if (!/^[A-Za-z0-9_:./-]{1,200}$/.test(claim)) throw new Error(`GATEWAY_ROLES_CLAIM must be a claim name like groups, not "${claim}".`);
  return claim;
}

/** A 0/1 switch (unset is 0); anything else is a mistake worth stopping for. */
function switchOf(env: Env, name: string): boolean {
  const value = trimmed(env[name]) ?? '0';
  if (value !== '0' && value !== '1') throw new Error(`${name} must be 1 or 0, not "${value}".`);
  return value === '1';
}
