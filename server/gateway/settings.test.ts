/** The gateway's environment: defaults, each variable's accepted and refused values, one sentence naming the variable. */
import { describe, expect, it } from 'vitest';
import { gatewaySettingsFromEnvironment } from './settings';

const files: Record<string, string> = {
  '/run/secrets/session': `${'s'.repeat(40)}\n`,
  '/run/secrets/oidc': 'oidc-secret-from-file\n',
  '/run/secrets/provider': 'provider-secret-from-file',
  '/run/secrets/empty': '\n',
  '/run/secrets/key.pem': '-----BEGIN PRIVATE KEY-----\nMIIE\n-----END PRIVATE KEY-----\n',
  '/run/secrets/key.jwk': '{"kty":"EC"}',
  '/run/secrets/cert.pem': '-----BEGIN CERTIFICATE-----\n',
};
const readFile = (path: string) => {
  const text = files[path];
  if (text === undefined) throw new Error('ENOENT');
  return text;
};

const minimal = {
  GATEWAY_PUBLIC_ORIGIN: 'https://desk.example.com',
  GATEWAY_OIDC_ISSUER: 'https://login.example.com',
  GATEWAY_OIDC_CLIENT_ID: 'desk-gateway',
  GATEWAY_OIDC_CLIENT_SECRET: 'oidc-secret',
  GATEWAY_API_BASE_URL: 'https://api.provider.test/tmf-api/troubleTicket/v5/',
  GATEWAY_PROVIDER_TOKEN_URL: 'https://auth.provider.test/oauth2/token',
  GATEWAY_PROVIDER_CLIENT_ID: 'trouble-ticket-desk',
  GATEWAY_PROVIDER_CLIENT_SECRET: 'provider-secret',
  GATEWAY_SESSION_SECRET: 'x'.repeat(32),
  LISTENER_ISSUER: 'https://auth.provider.test',
  LISTENER_AUDIENCE: 'https://desk.example.com/listener',
};
const settingsWith = (changes: Record<string, string | undefined>) => gatewaySettingsFromEnvironment({ ...minimal, ...changes }, readFile);

describe('gatewaySettingsFromEnvironment', () => {
  // Issue 29: streams per agent behind the gateway too (the relay counts them per session subject).
  it.each([
    ['1', 1],
    ['100', 100],
  ])('reads RELAY_MAX_STREAMS_PER_AGENT=%s', (value, expected) => {
    expect(settingsWith({ RELAY_MAX_STREAMS_PER_AGENT: value }).listener.maxStreamsPerAgent).toBe(expected);
  });

  it.each(['0', '101'])('refuses RELAY_MAX_STREAMS_PER_AGENT=%s, naming it', (value) => {
    expect(() => settingsWith({ RELAY_MAX_STREAMS_PER_AGENT: value })).toThrow('RELAY_MAX_STREAMS_PER_AGENT');
  });

  it('has defaults for everything that is not required', () => {
    expect(settingsWith({})).toEqual({
      port: 4180,
      host: '127.0.0.1',
      publicOrigin: 'https://desk.example.com',
      oidc: { issuer: 'https://login.example.com', clientId: 'desk-gateway', clientSecret: 'oidc-secret', scope: 'openid profile offline_access' },
      api: { baseUrl: 'https://api.provider.test/tmf-api/troubleTicket/v5', path: '/tmf-api/troubleTicket/v5', timeoutMs: 15000, maxResponseBytes: 16 * 1024 * 1024 },
      provider: {
        tokenUrl: 'https://auth.provider.test/oauth2/token',
        issuer: undefined,
        clientId: 'trouble-ticket-desk',
        auth: { method: 'client_secret_basic', clientSecret: 'provider-secret' },
        audience: undefined,
        scope: undefined,
      },
      roles: { claim: 'groups', agent: ['desk-agent'], viewer: ['desk-viewer'] },
      session: { secret: 'x'.repeat(32), idleSeconds: 1800, absoluteSeconds: 36000 },
      staticDir: undefined,
      forceSignIn: false,
      listener: {
        listenerAuth: { issuer: 'https://auth.provider.test', audience: 'https://desk.example.com/listener' },
        bufferSize: 1000,
        testHooks: false,
        redis: undefined,
        subscriberMaxBytes: 16 * 1024 * 1024,
        maxStreamsPerAgent: 5,
        authenticationOff: false,
      },
    });
  });

  it('reads every variable, secrets from files too', () => {
    const settings = settingsWith({
      GATEWAY_PORT: '8080',
      GATEWAY_HOST: '0.0.0.0',
      GATEWAY_PUBLIC_ORIGIN: 'http://127.0.0.1:4180',
      GATEWAY_OIDC_CLIENT_SECRET: undefined,
      GATEWAY_OIDC_CLIENT_SECRET_FILE: '/run/secrets/oidc',
      GATEWAY_OIDC_SCOPE: 'openid profile',
      GATEWAY_API_PATH: '/api/tt',
      GATEWAY_UPSTREAM_TIMEOUT_MS: '5000',
      GATEWAY_UPSTREAM_MAX_BYTES: '1048576',
      GATEWAY_PROVIDER_ISSUER: 'https://auth.provider.test',
      GATEWAY_PROVIDER_CLIENT_SECRET: undefined,
      GATEWAY_PROVIDER_CLIENT_SECRET_FILE: '/run/secrets/provider',
      GATEWAY_PROVIDER_AUDIENCE: 'https://api.provider.test/tmf-api/troubleTicket/v5',
      GATEWAY_PROVIDER_SCOPE: 'tickets',
      GATEWAY_ROLES_CLAIM: 'roles',
      GATEWAY_AGENT_ROLES: 'desk-agent, supervisor',
      GATEWAY_VIEWER_ROLES: 'auditor',
      GATEWAY_SESSION_SECRET: undefined,
      GATEWAY_SESSION_SECRET_FILE: '/run/secrets/session',
      GATEWAY_SESSION_IDLE_SECONDS: '600',
      GATEWAY_SESSION_ABSOLUTE_SECONDS: '7200',
      GATEWAY_STATIC_DIR: 'dist-gateway-app',
      LISTENER_ISSUER: 'https://auth.provider.test',
      LISTENER_AUDIENCE: 'https://desk.example.com/listener',
      REDIS_URL: 'redis://127.0.0.1:6379/1',
    });
    expect(settings).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      publicOrigin: 'http://127.0.0.1:4180',
      oidc: { clientSecret: 'oidc-secret-from-file', scope: 'openid profile' },
      api: { path: '/api/tt', timeoutMs: 5000, maxResponseBytes: 1048576 },
      provider: {
        issuer: 'https://auth.provider.test',
        auth: { method: 'client_secret_basic', clientSecret: 'provider-secret-from-file' },
        audience: 'https://api.provider.test/tmf-api/troubleTicket/v5',
        scope: 'tickets',
      },
      roles: { claim: 'roles', agent: ['desk-agent', 'supervisor'], viewer: ['auditor'] },
      session: { secret: 's'.repeat(40), idleSeconds: 600, absoluteSeconds: 7200 },
      staticDir: 'dist-gateway-app',
      listener: { listenerAuth: { issuer: 'https://auth.provider.test', audience: 'https://desk.example.com/listener' }, redis: { url: 'redis://127.0.0.1:6379/1' } },
    });
  });

  it.each([
    ['a PEM key', '/run/secrets/key.pem'],
    ['a JWK', '/run/secrets/key.jwk'],
  ])('takes private_key_jwt with %s', (_what, file) => {
    const settings = settingsWith({ GATEWAY_PROVIDER_AUTH_METHOD: 'private_key_jwt', GATEWAY_PROVIDER_CLIENT_SECRET: undefined, GATEWAY_PROVIDER_PRIVATE_KEY_FILE: file });
    expect(settings.provider.auth).toEqual({ method: 'private_key_jwt', privateKey: (files[file] ?? '').trim() });
  });

  // Each variable: a value just inside its bounds is taken, one just outside is refused with a sentence naming it.
  it.each([
    ['GATEWAY_PORT', '65535', '65536'],
    ['GATEWAY_PUBLIC_ORIGIN', 'http://localhost:4180', 'http://desk.example.com'],
    ['GATEWAY_PUBLIC_ORIGIN', 'https://desk.example.com', 'https://desk.example.com/app'],
    ['GATEWAY_OIDC_ISSUER', 'http://127.0.0.1:8788', 'http://login.example.com'],
    ['GATEWAY_OIDC_ISSUER', 'https://login.example.com/realms/desk', 'login.example.com'],
    ['GATEWAY_OIDC_SCOPE', 'openid', 'profile offline_access'],
    ['GATEWAY_API_BASE_URL', 'http://[::1]:9000/tmf-api', 'http://api.provider.test/tmf-api'],
    ['GATEWAY_API_PATH', '/v5', '/tmf-api/troubleTicket/v5/'],
    ['GATEWAY_API_PATH', '/tmf-api', '/relay/tmf'],
    ['GATEWAY_PROVIDER_TOKEN_URL', 'https://auth.provider.test/token', 'https://user:pw@auth.provider.test/token'],
    ['GATEWAY_PROVIDER_ISSUER', 'https://auth.provider.test', 'ftp://auth.provider.test'],
    ['GATEWAY_PROVIDER_AUDIENCE', 'urn:provider:api', 'the api'],
    ['GATEWAY_PROVIDER_AUTH_METHOD', 'client_secret_basic', 'client_secret_post'],
    ['GATEWAY_ROLES_CLAIM', 'realm_access.roles', 'my roles'],
    ['GATEWAY_AGENT_ROLES', 'a,b', ' , '],
    ['GATEWAY_VIEWER_ROLES', 'viewer', 'desk viewer'],
    ['GATEWAY_SESSION_SECRET', 'y'.repeat(32), 'y'.repeat(31)],
    ['GATEWAY_SESSION_IDLE_SECONDS', '60', '59'],
    ['GATEWAY_SESSION_ABSOLUTE_SECONDS', '2592000', '2592001'],
    ['GATEWAY_UPSTREAM_TIMEOUT_MS', '100', '99'],
    ['GATEWAY_UPSTREAM_MAX_BYTES', '1024', '1023'],
    ['REDIS_URL', 'rediss://redis.internal:6380', 'http://redis.internal'],
    ['LISTENER_BUFFER_SIZE', '1', '0'],
  ])('%s: takes "%s", refuses "%s"', (name, good, bad) => {
    expect(() => settingsWith({ [name]: good })).not.toThrow();
    expect(() => settingsWith({ [name]: bad })).toThrow(name);
  });

  it.each([
    'GATEWAY_PUBLIC_ORIGIN',
    'GATEWAY_OIDC_ISSUER',
    'GATEWAY_OIDC_CLIENT_ID',
    'GATEWAY_OIDC_CLIENT_SECRET',
    'GATEWAY_API_BASE_URL',
    'GATEWAY_PROVIDER_TOKEN_URL',
    'GATEWAY_PROVIDER_CLIENT_ID',
    'GATEWAY_PROVIDER_CLIENT_SECRET',
    'GATEWAY_SESSION_SECRET',
  ])('refuses to start without %s, naming it', (name) => {
    expect(() => settingsWith({ [name]: undefined })).toThrow(new RegExp(`^${name}`));
    expect(() => settingsWith({ [name]: '  ' })).toThrow(new RegExp(`^${name}`));
  });

  it.each([
    [{ GATEWAY_SESSION_SECRET_FILE: '/run/secrets/session' }, 'Set GATEWAY_SESSION_SECRET or GATEWAY_SESSION_SECRET_FILE, not both.'],
    [{ GATEWAY_OIDC_CLIENT_SECRET: undefined, GATEWAY_OIDC_CLIENT_SECRET_FILE: '/nowhere' }, 'GATEWAY_OIDC_CLIENT_SECRET_FILE names a file the gateway cannot read: "/nowhere".'],
    [{ GATEWAY_PROVIDER_CLIENT_SECRET: undefined, GATEWAY_PROVIDER_CLIENT_SECRET_FILE: '/run/secrets/empty' }, 'GATEWAY_PROVIDER_CLIENT_SECRET_FILE names an empty file: "/run/secrets/empty".'],
    [{ GATEWAY_SESSION_IDLE_SECONDS: '7200', GATEWAY_SESSION_ABSOLUTE_SECONDS: '3600' }, 'GATEWAY_SESSION_ABSOLUTE_SECONDS must not be shorter than GATEWAY_SESSION_IDLE_SECONDS.'],
    [{ GATEWAY_PROVIDER_AUTH_METHOD: 'private_key_jwt' }, 'GATEWAY_PROVIDER_PRIVATE_KEY_FILE must be set (docs/gateway.md lists every setting).'],
    [
      { GATEWAY_PROVIDER_AUTH_METHOD: 'private_key_jwt', GATEWAY_PROVIDER_PRIVATE_KEY_FILE: '/run/secrets/cert.pem' },
      'GATEWAY_PROVIDER_PRIVATE_KEY_FILE must hold a PKCS#8 PEM private key (BEGIN PRIVATE KEY) or a private JWK.',
    ],
  ])('refuses %j with one sentence', (changes, message) => {
    expect(() => settingsWith(changes)).toThrow(message);
  });

  it('never repeats a secret in its message', () => {
    const secret = 'z'.repeat(31);
    expect(() => settingsWith({ GATEWAY_SESSION_SECRET: secret })).toThrow(/^GATEWAY_SESSION_SECRET must be at least 32 characters long/);
    expect(() => settingsWith({ GATEWAY_SESSION_SECRET: secret })).not.toThrow(secret);
  });

  describe('DEV_AUTH_OFF=1: the listener paths without LISTENER_ISSUER, only on this machine and never in production', () => {
    const withoutIssuer = { LISTENER_ISSUER: undefined, LISTENER_AUDIENCE: undefined };

    it.each([
      ['the switch, no issuer', { ...withoutIssuer, DEV_AUTH_OFF: '1' }, true],
      ['the switch on GATEWAY_HOST=localhost', { ...withoutIssuer, DEV_AUTH_OFF: '1', GATEWAY_HOST: 'localhost' }, true],
      ['the switch and the issuer (nothing left to turn off)', { DEV_AUTH_OFF: '1' }, false],
      ['the issuer under NODE_ENV=production on any host', { NODE_ENV: 'production', GATEWAY_HOST: '0.0.0.0' }, false],
      // Behind the gateway the relay opens streams on the agent's session: RELAY_ISSUER is not asked for.
      ['no RELAY_ISSUER', { RELAY_ISSUER: undefined }, false],
    ])('starts with %s (authentication off: %s)', (_what, changes, off) => {
      expect(settingsWith(changes).listener.authenticationOff).toBe(off);
    });

    it.each([
      [{ ...withoutIssuer }, 'LISTENER_ISSUER must be set (with LISTENER_AUDIENCE) so that tokens are verified; only for development on this machine, set DEV_AUTH_OFF=1 instead.'],
      [{ ...withoutIssuer, DEV_AUTH_OFF: '0' }, 'LISTENER_ISSUER must be set (with LISTENER_AUDIENCE)'],
      [{ DEV_AUTH_OFF: 'true' }, 'DEV_AUTH_OFF must be 1 or 0, not "true".'],
      [{ ...withoutIssuer, DEV_AUTH_OFF: '1', NODE_ENV: 'production' }, 'DEV_AUTH_OFF=1 is refused under NODE_ENV=production: set LISTENER_ISSUER instead.'],
      [{ DEV_AUTH_OFF: '1', NODE_ENV: 'production' }, 'DEV_AUTH_OFF=1 is refused under NODE_ENV=production'],
      [{ ...withoutIssuer, DEV_AUTH_OFF: '1', GATEWAY_HOST: '0.0.0.0' }, 'DEV_AUTH_OFF=1 is refused with GATEWAY_HOST=0.0.0.0: authentication may be off only on a loopback host such as 127.0.0.1.'],
      [{ DEV_AUTH_OFF: '1', GATEWAY_HOST: '192.168.1.20' }, 'DEV_AUTH_OFF=1 is refused with GATEWAY_HOST=192.168.1.20'],
    ])('refuses %j with one sentence naming the variable', (changes, message) => {
      expect(() => settingsWith(changes)).toThrow(message);
    });
  });
});
