/** Environment parsing: defaults, every variable, and a sentence for each wrong value. */
import { describe, expect, it } from 'vitest';
import { receiverSettingsFromEnvironment, settingsFromEnvironment, type ListenerSettings } from './settings';

describe('settingsFromEnvironment', () => {
  it('has defaults for everything', () => {
    expect(settingsFromEnvironment({})).toEqual({
      port: 4177,
      host: '127.0.0.1',
      basePath: '',
      listenerAuth: undefined,
      relayAuth: undefined,
      allowedOrigins: [],
      bufferSize: 1000,
      testHooks: false,
      redis: undefined,
      subscriberMaxBytes: 16 * 1024 * 1024,
      ticketsPerToken: 10,
      maxStreamsPerAgent: 5,
    });
  });

  it('reads every variable', () => {
    expect(
      settingsFromEnvironment({
        LISTENER_PORT: '5700',
        LISTENER_HOST: '0.0.0.0',
        LISTENER_BASE_PATH: '/receiver/',
        LISTENER_ISSUER: 'https://idp.provider.test',
        LISTENER_AUDIENCE: 'https://desk.example.com/listener',
        RELAY_ISSUER: 'https://login.example.com',
        RELAY_AUDIENCE: 'https://api.example.com/tmf-api/troubleTicket/v5',
        RELAY_JWKS_URI: 'https://login.example.com/keys',
        RELAY_CLIENT_ID: 'trouble-ticket-desk',
        LISTENER_ALLOWED_ORIGINS: 'https://desk.example.com, http://localhost:5173',
        LISTENER_BUFFER_SIZE: '50',
        LISTENER_TEST_HOOKS: '1',
        REDIS_URL: 'redis://:secret@redis.internal:6379/2',
        REDIS_KEY_PREFIX: '{desk-b}',
        LISTENER_DEDUPE_SECONDS: '3600',
        LISTENER_SUBSCRIBER_MAX_BYTES: '1048576',
        LISTENER_TICKETS_PER_TOKEN: '3',
      }),
    ).toEqual({
      port: 5700,
      host: '0.0.0.0',
      basePath: '/receiver',
      listenerAuth: { issuer: 'https://idp.provider.test', audience: 'https://desk.example.com/listener' },
      relayAuth: { issuer: 'https://login.example.com', audience: 'https://api.example.com/tmf-api/troubleTicket/v5', jwksUri: 'https://login.example.com/keys', permission: { clientId: 'trouble-ticket-desk', scope: 'ttd.relay' } },
      allowedOrigins: ['https://desk.example.com', 'http://localhost:5173'],
      bufferSize: 50,
      testHooks: true,
      redis: { url: 'redis://:secret@redis.internal:6379/2', keyPrefix: '{desk-b}', dedupeSeconds: 3600 },
      subscriberMaxBytes: 1_048_576,
      ticketsPerToken: 3,
      maxStreamsPerAgent: 5,
    });
  });

  it.each([
    [{ LISTENER_PORT: '70000' }, 'LISTENER_PORT must be a whole number from 0 to 65535, not "70000".'],
    [{ LISTENER_PORT: 'http' }, 'LISTENER_PORT must be a whole number from 0 to 65535, not "http".'],
    [{ LISTENER_BUFFER_SIZE: '0' }, 'LISTENER_BUFFER_SIZE must be a whole number from 1 to 1000000, not "0".'],
    [{ LISTENER_BUFFER_SIZE: '1000001' }, 'LISTENER_BUFFER_SIZE must be a whole number from 1 to 1000000, not "1000001".'],
    [{ LISTENER_BASE_PATH: 'receiver' }, 'LISTENER_BASE_PATH must be a path like /receiver'],
    [{ LISTENER_ISSUER: 'https://idp.test' }, 'LISTENER_ISSUER is set, so LISTENER_AUDIENCE must be too'],
    [{ RELAY_AUDIENCE: 'api' }, 'RELAY_AUDIENCE and RELAY_JWKS_URI need RELAY_ISSUER too.'],
    [{ RELAY_ISSUER: 'login', RELAY_AUDIENCE: 'api' }, 'RELAY_ISSUER must be absolute URLs.'],
    [{ LISTENER_ALLOWED_ORIGINS: 'https://desk.example.com/' }, '"https://desk.example.com/" is not one.'],
    [{ LISTENER_ALLOWED_ORIGINS: '*' }, '"*" is not one.'],
    [{ LISTENER_TEST_HOOKS: 'yes' }, 'LISTENER_TEST_HOOKS must be 1 or 0, not "yes".'],
    [{ REDIS_URL: 'http://redis:6379' }, 'REDIS_URL must be a redis:// or rediss:// URL'],
    [{ REDIS_URL: 'not a url' }, 'REDIS_URL must be a redis:// or rediss:// URL'],
    [{ REDIS_KEY_PREFIX: 'has space' }, 'REDIS_KEY_PREFIX must be 1 to 64 letters'],
    [{ LISTENER_DEDUPE_SECONDS: '59' }, 'LISTENER_DEDUPE_SECONDS must be a whole number from 60 to 86400, not "59".'],
    [{ LISTENER_DEDUPE_SECONDS: '86401' }, 'LISTENER_DEDUPE_SECONDS must be a whole number from 60 to 86400, not "86401".'],
    [{ LISTENER_SUBSCRIBER_MAX_BYTES: '65535' }, 'LISTENER_SUBSCRIBER_MAX_BYTES must be a whole number from 65536 to 1073741824'],
    [{ LISTENER_SUBSCRIBER_MAX_BYTES: '1073741825' }, 'LISTENER_SUBSCRIBER_MAX_BYTES must be a whole number from 65536 to 1073741824'],
    [{ LISTENER_TICKETS_PER_TOKEN: '0' }, 'LISTENER_TICKETS_PER_TOKEN must be a whole number from 1 to 1000, not "0".'],
    [{ LISTENER_TICKETS_PER_TOKEN: '1001' }, 'LISTENER_TICKETS_PER_TOKEN must be a whole number from 1 to 1000, not "1001".'],
  ])('refuses %j with a sentence', (env, message) => {
    expect(() => settingsFromEnvironment(env)).toThrow(message);
  });

  it.each([
    ['1', 1],
    ['1000000', 1_000_000],
  ])('accepts LISTENER_BUFFER_SIZE=%s (a bound)', (raw, expected) => {
    expect(settingsFromEnvironment({ LISTENER_BUFFER_SIZE: raw }).bufferSize).toBe(expected);
  });

  it.each([
    ['LISTENER_DEDUPE_SECONDS', '60', (s: ListenerSettings) => s.redis?.dedupeSeconds, 60],
    ['LISTENER_DEDUPE_SECONDS', '86400', (s: ListenerSettings) => s.redis?.dedupeSeconds, 86_400],
    ['LISTENER_SUBSCRIBER_MAX_BYTES', '65536', (s: ListenerSettings) => s.subscriberMaxBytes, 65_536],
    ['LISTENER_SUBSCRIBER_MAX_BYTES', '1073741824', (s: ListenerSettings) => s.subscriberMaxBytes, 1_073_741_824],
    ['LISTENER_TICKETS_PER_TOKEN', '1', (s: ListenerSettings) => s.ticketsPerToken, 1],
    ['LISTENER_TICKETS_PER_TOKEN', '1000', (s: ListenerSettings) => s.ticketsPerToken, 1000],
  ])('accepts %s=%s (a bound)', (name, raw, read, expected) => {
    expect(read(settingsFromEnvironment({ REDIS_URL: 'redis://127.0.0.1:6379', [name]: raw }))).toBe(expected);
  });

  // A scraper elsewhere needs METRICS_TOKEN (server/metrics.ts): long enough not to be guessed, never repeated.
  it.each([
    ['a'.repeat(24), 'a'.repeat(24)],
    [` ${'b'.repeat(30)} `, 'b'.repeat(30)],
    ['', undefined],
  ])('takes METRICS_TOKEN=%j', (value, expected) => {
    expect(settingsFromEnvironment({ METRICS_TOKEN: value }).metricsToken).toBe(expected);
  });

  it.each(['a'.repeat(23), `${'c'.repeat(12)} ${'c'.repeat(12)}`])('refuses METRICS_TOKEN=%j without repeating it', (value) => {
    expect(() => settingsFromEnvironment({ METRICS_TOKEN: value })).toThrow('METRICS_TOKEN must be at least 24 characters without spaces');
    try {
      settingsFromEnvironment({ METRICS_TOKEN: value });
    } catch (error) {
      expect((error as Error).message).not.toContain(value);
    }
  });

  it('never repeats a REDIS_URL (it may hold a password) in its sentence', () => {
    expect(() => settingsFromEnvironment({ REDIS_URL: 'http://:hunter2@redis' })).toThrow(expect.objectContaining({ message: expect.not.stringContaining('hunter2') }));
  });
});

describe('receiverSettingsFromEnvironment: the issuers required, DEV_AUTH_OFF=1 only on this machine and never in production', () => {
  const listenerIssuer = { LISTENER_ISSUER: 'https://idp.provider.test', LISTENER_AUDIENCE: 'receiver' };
  const relayIssuer = { RELAY_ISSUER: 'https://login.example.com', RELAY_AUDIENCE: 'api', RELAY_CLIENT_ID: 'trouble-ticket-desk' };

  it.each([
    ['both issuers', { ...listenerIssuer, ...relayIssuer }, false],
    ['both issuers under NODE_ENV=production', { ...listenerIssuer, ...relayIssuer, NODE_ENV: 'production' }, false],
    ['both issuers and DEV_AUTH_OFF=0', { ...listenerIssuer, ...relayIssuer, DEV_AUTH_OFF: '0' }, false],
    ['both issuers and the switch (nothing left to turn off)', { ...listenerIssuer, ...relayIssuer, DEV_AUTH_OFF: '1', NODE_ENV: 'test' }, false],
    ['the switch under NODE_ENV=test', { DEV_AUTH_OFF: '1', NODE_ENV: 'test' }, true],
    ['the switch and LISTENER_ISSUER only', { ...listenerIssuer, DEV_AUTH_OFF: '1', NODE_ENV: 'test' }, true],
    ['the switch under NODE_ENV=development', { DEV_AUTH_OFF: '1', NODE_ENV: 'development' }, true],
  ])('starts with %s (authentication off: %s)', (_what, env, off) => {
    expect(receiverSettingsFromEnvironment(env).authenticationOff).toBe(off);
  });

  it.each([
    [{}, 'LISTENER_ISSUER and RELAY_ISSUER must be set (with LISTENER_AUDIENCE and RELAY_AUDIENCE) so that tokens are verified; only for development on this machine, set DEV_AUTH_OFF=1 instead.'],
    [{ DEV_AUTH_OFF: '0' }, 'LISTENER_ISSUER and RELAY_ISSUER must be set'],
    [{ ...relayIssuer }, 'LISTENER_ISSUER must be set (with LISTENER_AUDIENCE)'],
    [{ ...listenerIssuer, NODE_ENV: 'production' }, 'RELAY_ISSUER must be set (with RELAY_AUDIENCE)'],
    [{ DEV_AUTH_OFF: 'yes' }, 'DEV_AUTH_OFF must be 1 or 0, not "yes".'],
    [{ DEV_AUTH_OFF: '1', NODE_ENV: 'production' }, 'DEV_AUTH_OFF=1 is refused under NODE_ENV=production: set LISTENER_ISSUER and RELAY_ISSUER instead.'],
    [{ DEV_AUTH_OFF: '1', LISTENER_HOST: '0.0.0.0', NODE_ENV: 'development' }, 'DEV_AUTH_OFF=1 is refused with LISTENER_HOST=0.0.0.0: authentication may be off only on a loopback host such as 127.0.0.1.'],
    // Issue 38: the switch needs the explicit development marker, not merely "not exactly production".
    [{ DEV_AUTH_OFF: '1' }, 'DEV_AUTH_OFF=1 needs NODE_ENV=development (or test), not an unset NODE_ENV'],
    [{ DEV_AUTH_OFF: '1', NODE_ENV: 'Production' }, 'DEV_AUTH_OFF=1 is refused under NODE_ENV=production'],
    [{ DEV_AUTH_OFF: '1', NODE_ENV: ' PRODUCTION ' }, 'DEV_AUTH_OFF=1 is refused under NODE_ENV=production'],
    [{ DEV_AUTH_OFF: '1', NODE_ENV: 'prod' }, 'DEV_AUTH_OFF=1 needs NODE_ENV=development (or test), not "prod"'],
    [{ DEV_AUTH_OFF: '1', NODE_ENV: 'staging' }, 'DEV_AUTH_OFF=1 needs NODE_ENV=development (or test), not "staging"'],
  ])('refuses %j with one sentence naming the variable', (env, message) => {
    expect(() => receiverSettingsFromEnvironment(env)).toThrow(message);
  });

  it.each([
    ['127.0.0.1', true],
    ['127.255.255.254', true],
    ['localhost', true],
    ['::1', true],
    ['[::1]', true],
    ['0.0.0.0', false],
    ['::', false],
    ['10.0.0.5', false],
    ['128.0.0.1', false],
    ['localhost.example.com', false],
    ['desk.internal', false],
  ])('the switch on LISTENER_HOST=%s is allowed: %s', (host, allowed) => {
    const start = () => receiverSettingsFromEnvironment({ DEV_AUTH_OFF: '1', LISTENER_HOST: host, NODE_ENV: 'development' });
    if (allowed) expect(start().authenticationOff).toBe(true);
    else expect(start).toThrow(`DEV_AUTH_OFF=1 is refused with LISTENER_HOST=${host}:`);
  });
});

describe('production refuses what is for tests and development (issue 38)', () => {
  it.each([
    ['production', true],
    ['Production', true],
    [' PRODUCTION ', true],
    ['development', false],
    ['test', false],
    [undefined, false],
  ])('LISTENER_TEST_HOOKS=1 under NODE_ENV=%s is refused: %s', (nodeEnv, refused) => {
    const start = () => settingsFromEnvironment({ LISTENER_TEST_HOOKS: '1', NODE_ENV: nodeEnv });
    if (refused) expect(start).toThrow('LISTENER_TEST_HOOKS=1 is refused under NODE_ENV=production');
    else expect(start().testHooks).toBe(true);
  });

  it('LISTENER_TEST_HOOKS=0 under NODE_ENV=production is fine', () => {
    expect(settingsFromEnvironment({ LISTENER_TEST_HOOKS: '0', NODE_ENV: 'production' }).testHooks).toBe(false);
  });
});

describe('an issuer is https off this machine (issue 38)', () => {
  it.each([
    ['LISTENER', 'https://idp.provider.test', undefined, true],
    ['LISTENER', 'http://127.0.0.1:9400', undefined, true],
    ['LISTENER', 'http://localhost:9400', 'http://localhost:9400/jwks', true],
    ['LISTENER', 'http://idp.provider.test', undefined, false],
    ['LISTENER', 'http://10.0.0.5:8080', undefined, false],
    ['LISTENER', 'https://idp.provider.test', 'http://keys.provider.test/jwks', false],
    ['RELAY', 'http://login.example.com', undefined, false],
    ['RELAY', 'https://login.example.com', 'https://login.example.com/keys', true],
  ] as const)('%s_ISSUER %s (keys at %s) accepted: %s', (prefix, issuer, jwksUri, accepted) => {
    const env = { [`${prefix}_ISSUER`]: issuer, [`${prefix}_AUDIENCE`]: 'aud', ...(jwksUri ? { [`${prefix}_JWKS_URI`]: jwksUri } : {}), RELAY_CLIENT_ID: prefix === 'RELAY' ? 'desk' : undefined };
    const start = () => settingsFromEnvironment(env);
    if (accepted) expect(start).not.toThrow();
    else expect(start).toThrow(/must be an https:\/\/ URL \(http:\/\/ only on a loopback host/);
  });
});
