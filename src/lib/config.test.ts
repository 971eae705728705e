// @vitest-environment node
/** The start-up check of the VITE_* settings: each variable missing or wrong is named with its reason; good ones pass. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_OIDC_SCOPE, readConfig, type ConfigProblem } from './config';

const realMode = {
  VITE_OIDC_AUTHORITY: 'https://login.example.com/realms/desk',
  VITE_OIDC_CLIENT_ID: 'trouble-ticket-desk',
};

const problemsWith = (overrides: Record<string, string | undefined>): ConfigProblem[] =>
  readConfig({ ...realMode, ...overrides }).problems;

describe('readConfig', () => {
  it('in real mode takes the sign-in settings, with the default scope and warning time', () => {
    const { config, problems } = readConfig(realMode);
    expect(problems).toEqual([]);
    expect(config).toEqual({
      apiBaseUrl: '/tmf-api/troubleTicket/v5',
      demo: false,
      authMode: 'direct',
      sessionWarningSeconds: 120,
      eventsUrl: null,
      offlineKeepDays: 7,
      idleSignOutMinutes: null,
      oidc: { authority: realMode.VITE_OIDC_AUTHORITY, clientId: 'trouble-ticket-desk', scope: DEFAULT_OIDC_SCOPE, resource: undefined },
    });
  });

  it('in demo mode needs no sign-in settings and has no provider', () => {
    const { config, problems } = readConfig({ VITE_DEMO: 'true' });
    expect(problems).toEqual([]);
    expect(config.demo).toBe(true);
    expect(config.oidc).toBeNull();
    expect(config.eventsUrl).toBe('/relay');
  });

  it.each([
    ['unset', undefined, 'direct'],
    ['direct', 'direct', 'direct'],
    ['gateway', 'gateway', 'gateway'],
  ])('VITE_AUTH_MODE %s chooses %s mode', (_name, mode, expected) => {
    expect(readConfig({ ...realMode, VITE_AUTH_MODE: mode }).config.authMode).toBe(expected);
  });

  it('in gateway mode needs and reads no sign-in settings, and takes live updates from /relay on this site', () => {
    const { config, problems } = readConfig({ VITE_AUTH_MODE: 'gateway', VITE_OIDC_SCOPE: 'profile', VITE_OIDC_AUTHORITY: 'nonsense' });
    expect(problems).toEqual([]);
    expect(config).toMatchObject({ authMode: 'gateway', oidc: null, eventsUrl: '/relay', apiBaseUrl: '/tmf-api/troubleTicket/v5' });
  });

  it('in gateway mode still takes a relay of its own', () => {
    expect(readConfig({ VITE_AUTH_MODE: 'gateway', VITE_EVENTS_URL: '/events-relay/' }).config.eventsUrl).toBe('/events-relay');
  });

  // The session cookie goes to this site only: an address elsewhere would answer every call 401 (issue 27's review).
  it.each([
    ['VITE_API_BASE_URL', '/tmf-api/troubleTicket/v5', null],
    ['VITE_API_BASE_URL', 'https://api.example.net/tmf-api/troubleTicket/v5', 'notOnThisSite'],
    ['VITE_API_BASE_URL', 'http://127.0.0.1:4010/tmf-api/troubleTicket/v5', 'notOnThisSite'],
    ['VITE_EVENTS_URL', '/relay', null],
    ['VITE_EVENTS_URL', 'https://events.example.net/relay', 'notOnThisSite'],
    ['VITE_EVENTS_URL', '//events.example.net/relay', 'notPathOrUrl'],
  ] as const)('in gateway mode %s=%s is %s', (variable, value, reason) => {
    const { problems } = readConfig({ VITE_AUTH_MODE: 'gateway', [variable]: value });
    expect(problems).toEqual(reason === null ? [] : [{ variable, reason, value }]);
  });

  it('in direct mode still takes an API on another site', () => {
    const { problems } = readConfig({ ...realMode, VITE_AUTH_MODE: 'direct', VITE_API_BASE_URL: 'https://api.example.net/tmf-api/troubleTicket/v5' });
    expect(problems).toEqual([]);
  });

  it('in direct mode without VITE_EVENTS_URL has no live updates', () => {
    expect(readConfig({ ...realMode, VITE_AUTH_MODE: 'direct' }).config.eventsUrl).toBeNull();
  });

  it('names a refused mode as the one problem: which sign-in settings it would need is unknown', () => {
    expect(readConfig({ VITE_AUTH_MODE: 'bff' }).problems).toEqual([{ variable: 'VITE_AUTH_MODE', reason: 'notAuthMode', value: 'bff' }]);
  });

  it('reads every optional setting', () => {
    const { config, problems } = readConfig({
      ...realMode,
      VITE_DEMO: 'false',
      VITE_API_BASE_URL: 'https://api.example.com/tmf-api/troubleTicket/v5',
      VITE_OIDC_SCOPE: '  openid   profile tickets ',
      VITE_OIDC_RESOURCE: 'https://api.example.com/tmf-api/troubleTicket/v5',
      VITE_SESSION_WARNING_SECONDS: '300',
      VITE_EVENTS_URL: 'https://events.example.com/relay/',
    });
    expect(problems).toEqual([]);
    expect(config.apiBaseUrl).toBe('https://api.example.com/tmf-api/troubleTicket/v5');
    expect(config.sessionWarningSeconds).toBe(300);
    expect(config.eventsUrl).toBe('https://events.example.com/relay');
    expect(config.oidc).toMatchObject({ scope: 'openid profile tickets', resource: 'https://api.example.com/tmf-api/troubleTicket/v5' });
  });

  it('on a shared desk (idle sign-out on) asks for no offline_access, by default or when the scope names it', () => {
    const shared = readConfig({ ...realMode, VITE_IDLE_SIGN_OUT_MINUTES: '15', VITE_OFFLINE_KEEP_DAYS: '2' }).config;
    expect(shared).toMatchObject({ idleSignOutMinutes: 15, offlineKeepDays: 2 });
    expect(shared.oidc?.scope).toBe('openid profile');
    const named = readConfig({ ...realMode, VITE_IDLE_SIGN_OUT_MINUTES: '15', VITE_OIDC_SCOPE: 'openid offline_access tickets' }).config;
    expect(named.oidc?.scope).toBe('openid tickets');
    expect(readConfig(realMode).config.oidc?.scope.split(' ')).toContain('offline_access');
  });

  it('treats an empty or blank value as not set', () => {
    expect(problemsWith({ VITE_OIDC_CLIENT_ID: '   ' })).toEqual([{ variable: 'VITE_OIDC_CLIENT_ID', reason: 'missing', value: undefined }]);
    expect(readConfig({ ...realMode, VITE_API_BASE_URL: '' }).config.apiBaseUrl).toBe('/tmf-api/troubleTicket/v5');
  });

  it('names every refused setting at once, one reason each', () => {
    const problems = readConfig({ VITE_OIDC_SCOPE: 'profile', VITE_SESSION_WARNING_SECONDS: 'soon' }).problems;
    expect(problems.map((p) => [p.variable, p.reason])).toEqual([
      ['VITE_SESSION_WARNING_SECONDS', 'notSeconds'],
      ['VITE_OIDC_AUTHORITY', 'missing'],
      ['VITE_OIDC_CLIENT_ID', 'missing'],
      ['VITE_OIDC_SCOPE', 'noOpenid'],
    ]);
  });

  it.each([
    ['VITE_DEMO', 'yes', 'notBoolean'],
    ['VITE_DEMO', 'TRUE', 'notBoolean'],
    ['VITE_AUTH_MODE', 'oidc', 'notAuthMode'],
    ['VITE_AUTH_MODE', 'GATEWAY', 'notAuthMode'],
    ['VITE_AUTH_MODE', ' gateway', 'notAuthMode'],
    ['VITE_API_BASE_URL', 'tmf-api/troubleTicket/v5', 'notPathOrUrl'],
    ['VITE_API_BASE_URL', '//evil.example/tmf-api', 'notPathOrUrl'],
    ['VITE_API_BASE_URL', 'ftp://api.example.com/v5', 'notPathOrUrl'],
    ['VITE_EVENTS_URL', 'relay', 'notPathOrUrl'],
    ['VITE_EVENTS_URL', '//evil.example/relay', 'notPathOrUrl'],
    ['VITE_EVENTS_URL', 'http://events.example.com/relay', 'notHttps'],
    ['VITE_EVENTS_URL', 'https://events.example.com/relay?x=1', 'hasQueryOrFragment'],
    ['VITE_OIDC_AUTHORITY', undefined, 'missing'],
    ['VITE_OIDC_AUTHORITY', 'login.example.com', 'notUrl'],
    ['VITE_OIDC_AUTHORITY', 'ftp://login.example.com', 'notUrl'],
    ['VITE_OIDC_AUTHORITY', 'http://login.example.com', 'notHttps'],
    ['VITE_OIDC_AUTHORITY', 'https://login.example.com/?tenant=1', 'hasQueryOrFragment'],
    ['VITE_OIDC_AUTHORITY', 'https://login.example.com/#x', 'hasQueryOrFragment'],
    ['VITE_OIDC_CLIENT_ID', undefined, 'missing'],
    ['VITE_OIDC_CLIENT_ID', 'trouble ticket desk', 'hasSpaces'],
    ['VITE_OIDC_SCOPE', 'profile email', 'noOpenid'],
    ['VITE_OIDC_SCOPE', 'openidprofile', 'noOpenid'],
    ['VITE_OIDC_RESOURCE', 'api.example.com', 'notAbsoluteUri'],
    ['VITE_OIDC_RESOURCE', 'https://api.example.com/v5#x', 'hasQueryOrFragment'],
    ['VITE_SESSION_WARNING_SECONDS', '19', 'notSeconds'],
    ['VITE_SESSION_WARNING_SECONDS', '3601', 'notSeconds'],
    ['VITE_SESSION_WARNING_SECONDS', '60.5', 'notSeconds'],
    ['VITE_SESSION_WARNING_SECONDS', '-30', 'notSeconds'],
    ['VITE_OFFLINE_KEEP_DAYS', '0', 'notDays'],
    ['VITE_OFFLINE_KEEP_DAYS', '31', 'notDays'],
    ['VITE_OFFLINE_KEEP_DAYS', '1.5', 'notDays'],
    ['VITE_IDLE_SIGN_OUT_MINUTES', '1', 'notMinutes'],
    ['VITE_IDLE_SIGN_OUT_MINUTES', '721', 'notMinutes'],
    ['VITE_IDLE_SIGN_OUT_MINUTES', 'off', 'notMinutes'],
  ])('%s=%s is refused as %s, and the value is kept for the error page', (variable, value, reason) => {
    const problems = problemsWith({ [variable]: value });
    expect(problems).toEqual([{ variable, reason, value }]);
  });

  it.each([
    ['VITE_DEMO', 'false'],
    ['VITE_AUTH_MODE', 'direct'],
    ['VITE_API_BASE_URL', '/api/v5'],
    ['VITE_API_BASE_URL', 'http://127.0.0.1:8787/tmf-api/troubleTicket/v5'],
    ['VITE_EVENTS_URL', '/relay'],
    ['VITE_EVENTS_URL', 'http://127.0.0.1:4177/relay'],
    ['VITE_EVENTS_URL', 'https://events.example.com/relay'],
    ['VITE_OIDC_AUTHORITY', 'http://127.0.0.1:8788'],
    ['VITE_OIDC_AUTHORITY', 'http://localhost:8080/realms/desk'],
    ['VITE_OIDC_AUTHORITY', 'https://tenant.auth0.com/'],
    ['VITE_OIDC_RESOURCE', 'urn:example:trouble-ticket-api'],
    ['VITE_OIDC_SCOPE', 'openid'],
    ['VITE_SESSION_WARNING_SECONDS', '20'],
    ['VITE_OFFLINE_KEEP_DAYS', '1'],
    ['VITE_OFFLINE_KEEP_DAYS', '30'],
    ['VITE_IDLE_SIGN_OUT_MINUTES', '2'],
    ['VITE_IDLE_SIGN_OUT_MINUTES', '720'],
    ['VITE_SESSION_WARNING_SECONDS', '3600'],
  ])('%s=%s is accepted', (variable, value) => {
    expect(problemsWith({ [variable]: value })).toEqual([]);
  });
});
