/** Environment parsing: defaults, every variable, and a sentence for each wrong value. */
import { describe, expect, it } from 'vitest';
import { settingsFromEnvironment } from './settings';

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
        LISTENER_ALLOWED_ORIGINS: 'https://desk.example.com, http://localhost:5173',
        LISTENER_BUFFER_SIZE: '50',
        LISTENER_TEST_HOOKS: '1',
      }),
    ).toEqual({
      port: 5700,
      host: '0.0.0.0',
      basePath: '/receiver',
      listenerAuth: { issuer: 'https://idp.provider.test', audience: 'https://desk.example.com/listener' },
      relayAuth: { issuer: 'https://login.example.com', audience: 'https://api.example.com/tmf-api/troubleTicket/v5', jwksUri: 'https://login.example.com/keys' },
      allowedOrigins: ['https://desk.example.com', 'http://localhost:5173'],
      bufferSize: 50,
      testHooks: true,
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
  ])('refuses %j with a sentence', (env, message) => {
    expect(() => settingsFromEnvironment(env)).toThrow(message);
  });

  it.each([
    ['1', 1],
    ['1000000', 1_000_000],
  ])('accepts LISTENER_BUFFER_SIZE=%s (a bound)', (raw, expected) => {
    expect(settingsFromEnvironment({ LISTENER_BUFFER_SIZE: raw }).bufferSize).toBe(expected);
  });
});
