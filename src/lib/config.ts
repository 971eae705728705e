/**
 * Runtime configuration from VITE_* variables, read once and checked at start: a missing or wrong setting becomes a
 * named problem that the app shows on its own error page (src/main.tsx), never a blank screen.
 */

/** Sign-in settings (real mode): an OpenID provider, this app's client id there, and the API's resource indicator. */
export type OidcConfig = {
  /** The provider's issuer URL (discovery at `<authority>/.well-known/openid-configuration`). */
  authority: string;
  clientId: string;
  /** Space-separated; always contains `openid`. */
  scope: string;
  /** RFC 8707 resource indicator of the trouble ticket API (the audience of its access tokens); none = the provider's default. */
  resource: string | undefined;
};

/**
 * How the app reaches the service: `direct` sends each agent's own OpenID access token from the browser (decision
 * 0012, for a company whose own API gateway accepts them); `gateway` leaves sign-in, tokens and the API to the desk
 * gateway on the app's origin (issue 27): the browser holds only its session cookie.
 */
export type AuthMode = 'direct' | 'gateway';
export const authModes: readonly AuthMode[] = ['direct', 'gateway'];

export type Config = {
  /** Base URL of the trouble ticket service; default on the app's own origin (decisions.md "Addresses"). */
  apiBaseUrl: string;
  /** Demo mode: the mocked service runs in the browser, a "demo data" marker and a demo identity are shown. */
  demo: boolean;
  /** Real mode's way to the service; demo mode reports `direct` (it has neither). */
  authMode: AuthMode;
  /** Direct mode: how agents sign in; null in demo and gateway mode or when a sign-in setting is missing or wrong. */
  oidc: OidcConfig | null;
  /** How long before the session ends the agent is warned (WCAG 2.2.1 asks for at least 20 s to react). */
  sessionWarningSeconds: number;
  /**
   * Base URL of the event relay (the listener receiver's `/relay`, docs/decisions/0022): live updates come from there.
   * Demo and gateway default `/relay` on the app's own origin (the mocked service or the gateway answers); direct mode:
   * none = no live updates.
   */
  eventsUrl: string | null;
  /** Drafts and outbox tickets older than this are deleted unsent (issue 29, decision 0054). */
  offlineKeepDays: number;
  /** Shared desks: an agent idle this long is signed out (a warning a minute before); null = never. */
  idleSignOutMinutes: number | null;
};

export const configVariables = [
  'VITE_DEMO',
  'VITE_AUTH_MODE',
  'VITE_API_BASE_URL',
  'VITE_SESSION_WARNING_SECONDS',
  'VITE_EVENTS_URL',
  'VITE_OFFLINE_KEEP_DAYS',
  'VITE_IDLE_SIGN_OUT_MINUTES',
  'VITE_OIDC_AUTHORITY',
  'VITE_OIDC_CLIENT_ID',
  'VITE_OIDC_SCOPE',
  'VITE_OIDC_RESOURCE',
] as const;
export type ConfigVariable = (typeof configVariables)[number];

/** Why a setting is refused; each reason has words in the `auth` catalogue section (auth.config.reason.*). */
export const configReasons = [
  'missing',
  'notBoolean',
  'notPathOrUrl',
  'notUrl',
  'notHttps',
  'hasQueryOrFragment',
  'notAbsoluteUri',
  'hasSpaces',
  'noOpenid',
  'notSeconds',
  'notAuthMode',
  'notOnThisSite',
  'notDays',
  'notMinutes',
] as const;
export type ConfigReason = (typeof configReasons)[number];

export type ConfigProblem = { variable: ConfigVariable; reason: ConfigReason; value: string | undefined };

export const DEFAULT_API_BASE_URL = '/tmf-api/troubleTicket/v5';
/** Where the demo's mocked service, and in gateway mode the gateway, serve the event relay. */
export const DEMO_EVENTS_URL = '/relay';
/** `offline_access` asks for a refresh token where a provider needs it for one (silent renew without an iframe). */
export const DEFAULT_OIDC_SCOPE = 'openid profile offline_access';
export const DEFAULT_SESSION_WARNING_SECONDS = 120;
export const SESSION_WARNING_BOUNDS = { min: 20, max: 3600 } as const;
export const DEFAULT_OFFLINE_KEEP_DAYS = 7;
export const OFFLINE_KEEP_DAYS_BOUNDS = { min: 1, max: 30 } as const;
/** How long drafts and unsent outbox tickets are kept (since their last change or their queueing), in ms. */
export const offlineKeepMs = (): number => config.offlineKeepDays * 24 * 60 * 60 * 1000;
/** At least 2: the warning comes a minute before, and must not be the first thing an agent sees after signing in. */
export const IDLE_SIGN_OUT_BOUNDS = { min: 2, max: 720 } as const;

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

function parseUrl(value: string): URL | undefined {
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}

const isHttpUrl = (value: string) => ['http:', 'https:'].includes(parseUrl(value)?.protocol ?? '');
/** Tokens must not cross the network in clear text; plain http only on this machine (development, tests). */
const isHttpsOrLoopback = (value: string) => {
  const url = parseUrl(value);
  return url?.protocol === 'https:' || (url !== undefined && LOOPBACK_HOSTS.has(url.hostname));
};

type Check = readonly [accepts: (value: string) => boolean, reason: ConfigReason];

const noQueryOrFragment: Check = [(value) => !/[?#]/.test(value), 'hasQueryOrFragment'];
const pathOrUrl = (value: string) => (value.startsWith('/') && !value.startsWith('//')) || isHttpUrl(value);
const wholeWithin = (bounds: { min: number; max: number }) => (value: string) =>
  /^[0-9]+$/.test(value) && Number(value) >= bounds.min && Number(value) <= bounds.max;
const seconds = wholeWithin(SESSION_WARNING_BOUNDS);

/**
 * The checks of each variable, in order: the first one that fails is the variable's one reason (the one that helps
 * most). Plain functions, not zod: this module is on the first screen and zod is not (docs/decisions/0026).
 */
const baseChecks: Partial<Record<ConfigVariable, readonly Check[]>> = {
  VITE_DEMO: [[(value) => value === 'true' || value === 'false', 'notBoolean']],
  VITE_AUTH_MODE: [[(value) => (authModes as readonly string[]).includes(value), 'notAuthMode']],
  VITE_API_BASE_URL: [[pathOrUrl, 'notPathOrUrl']],
  // The access token goes there to open the stream: a path on this site, or https (plain http only on this machine).
  VITE_EVENTS_URL: [
    [pathOrUrl, 'notPathOrUrl'],
    [(value) => value.startsWith('/') || isHttpsOrLoopback(value), 'notHttps'],
    noQueryOrFragment,
  ],
  VITE_SESSION_WARNING_SECONDS: [[seconds, 'notSeconds']],
  VITE_OFFLINE_KEEP_DAYS: [[wholeWithin(OFFLINE_KEEP_DAYS_BOUNDS), 'notDays']],
  VITE_IDLE_SIGN_OUT_MINUTES: [[wholeWithin(IDLE_SIGN_OUT_BOUNDS), 'notMinutes']],
};

/** Sign-in settings; the first two are required. */
const oidcChecks: Partial<Record<ConfigVariable, readonly Check[]>> = {
  VITE_OIDC_AUTHORITY: [[isHttpUrl, 'notUrl'], [isHttpsOrLoopback, 'notHttps'], noQueryOrFragment],
  VITE_OIDC_CLIENT_ID: [[(value) => /^\S+$/.test(value), 'hasSpaces']],
  VITE_OIDC_SCOPE: [[(value) => value.split(/\s+/).includes('openid'), 'noOpenid']],
  // An absolute URI without a fragment (RFC 8707 2): an https URL of the API or a URN both qualify.
  VITE_OIDC_RESOURCE: [
    [(value) => /^[a-z][a-z0-9+.-]*:/i.test(value) && parseUrl(value) !== undefined, 'notAbsoluteUri'],
    [(value) => !value.includes('#'), 'hasQueryOrFragment'],
  ],
};
const requiredOidc: readonly ConfigVariable[] = ['VITE_OIDC_AUTHORITY', 'VITE_OIDC_CLIENT_ID'];

/** Vite hands over unset variables as undefined and `VAR=` as '': both mean "not set". */
function settingsOf(env: Record<string, unknown>): Record<ConfigVariable, string | undefined> {
  const settings = {} as Record<ConfigVariable, string | undefined>;
  for (const name of configVariables) {
    const value = env[name];
    settings[name] = typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
  }
  return settings;
}

/** One problem per refused variable, in the order of `checks`; an unset optional variable is fine. */
function problemsOf(
  checks: Partial<Record<ConfigVariable, readonly Check[]>>,
  settings: Record<ConfigVariable, string | undefined>,
  required: readonly ConfigVariable[] = [],
): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  for (const [variable, list] of Object.entries(checks) as [ConfigVariable, readonly Check[]][]) {
    const value = settings[variable];
    if (value === undefined) {
      if (required.includes(variable)) problems.push({ variable, reason: 'missing', value });
      continue;
    }
    const failed = list.find(([accepts]) => !accepts(value));
    if (failed) problems.push({ variable, reason: failed[1], value });
  }
  return problems;
}

/**
 * A shared desk signs agents out when idle: a refresh token that outlives the browser session (`offline_access`) is
 * then not asked for, so the provider's grant ends with the session (decision 0054).
 */
function withoutOfflineAccessWhenIdle(scopes: string[], idleSignOutMinutes: number | null): string[] {
  return idleSignOutMinutes === null ? scopes : scopes.filter((scope) => scope !== 'offline_access');
}

/** Reads and checks the settings; `config` always holds usable values (defaults where a setting was refused). */
export function readConfig(env: Record<string, unknown>): { config: Config; problems: ConfigProblem[] } {
  const settings = settingsOf(env);
  // Same test as src/main.tsx, which must use the literal expression so a production build drops the mocks.
  const demo = env.VITE_DEMO === 'true';

  const problems = problemsOf(baseChecks, settings);
  // The mode is compared as written (src/app/providers.tsx folds `import.meta.env.VITE_AUTH_MODE === 'gateway'` at
  // build time): " gateway " would be gateway here and direct there, so it is refused.
  const mode = env.VITE_AUTH_MODE;
  if (settings.VITE_AUTH_MODE !== undefined && mode !== settings.VITE_AUTH_MODE && !problems.some((p) => p.variable === 'VITE_AUTH_MODE')) {
    problems.push({ variable: 'VITE_AUTH_MODE', reason: 'notAuthMode', value: String(mode) });
  }
  // Behind the gateway the session cookie goes only to this site: an address elsewhere would get 401 on every call.
  const gatewayAsked = !demo && settings.VITE_AUTH_MODE === 'gateway';
  if (gatewayAsked) {
    for (const variable of ['VITE_API_BASE_URL', 'VITE_EVENTS_URL'] as const) {
      const value = settings[variable];
      const onThisSite = value === undefined || (value.startsWith('/') && !value.startsWith('//'));
      if (!onThisSite && !problems.some((p) => p.variable === variable)) problems.push({ variable, reason: 'notOnThisSite', value });
    }
  }
  // A refused setting falls back with the others to the defaults: the app shows its error page, not a half-set app.
  const usable = problems.length === 0;
  const eventsUrl = usable ? settings.VITE_EVENTS_URL?.replace(/\/+$/, '') : undefined;
  const gateway = usable && gatewayAsked;
  const config: Config = {
    apiBaseUrl: (usable && settings.VITE_API_BASE_URL) || DEFAULT_API_BASE_URL,
    demo,
    authMode: gateway ? 'gateway' : 'direct',
    oidc: null,
    sessionWarningSeconds: (usable && Number(settings.VITE_SESSION_WARNING_SECONDS ?? 0)) || DEFAULT_SESSION_WARNING_SECONDS,
    eventsUrl: eventsUrl || (demo || gateway ? DEMO_EVENTS_URL : null),
    offlineKeepDays: (usable && Number(settings.VITE_OFFLINE_KEEP_DAYS ?? 0)) || DEFAULT_OFFLINE_KEEP_DAYS,
    idleSignOutMinutes: (usable && Number(settings.VITE_IDLE_SIGN_OUT_MINUTES ?? 0)) || null,
  };
  // The gateway signs agents in: no VITE_OIDC_* is needed, and any left over is not read. With the mode itself
  // refused, which sign-in settings are needed is unknown: the mode is the one problem named about it.
  const modeRefused = problems.some((problem) => problem.variable === 'VITE_AUTH_MODE');
  if (demo || gatewayAsked || modeRefused) return { config, problems };

  const oidcProblems = problemsOf(oidcChecks, settings, requiredOidc);
  if (oidcProblems.length > 0) return { config, problems: [...problems, ...oidcProblems] };
  config.oidc = {
    authority: settings.VITE_OIDC_AUTHORITY ?? '',
    clientId: settings.VITE_OIDC_CLIENT_ID ?? '',
    scope: withoutOfflineAccessWhenIdle((settings.VITE_OIDC_SCOPE ?? DEFAULT_OIDC_SCOPE).split(/\s+/), config.idleSignOutMinutes).join(' '),
    resource: settings.VITE_OIDC_RESOURCE,
  };
  return { config, problems };
}

const read = readConfig(import.meta.env);

export const config: Config = read.config;
/** Empty when every setting is usable; otherwise src/main.tsx shows the configuration error page instead of the app. */
export const configProblems: readonly ConfigProblem[] = read.problems;
