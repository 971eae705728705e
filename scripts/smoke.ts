// `npm run smoke -- <origin>`: after a deployment, checks it end to end as the provider and an agent would (issue 30).
// - the app's answer at <origin>/ carries every security header, and nginx names no version;
// - each instance (--instances, on this host) is ready and serves /metrics;
// - a sample event POSTed to <origin>/listener/… with a service token (--token, or a client-credentials grant at
//   --token-url with --client-id and --client-secret, e.g. the dev provider's) is accepted (204);
// - it reaches an agent's stream through <origin>/relay: in direct mode with --agent-token (an agent's access token,
//   which buys a stream ticket); in gateway mode with --cookie (a signed-in agent's session cookie, which also opens
//   <origin>/gateway/session). Without either, the instances' metrics must show it accepted.
// Prints one line per check (ok / FAIL and why) and exits 1 on any failure. For a self-signed certificate, start it
// with NODE_EXTRA_CA_CERTS=<certificate>.
import { randomUUID } from 'node:crypto';
import { parsePrometheusText, sampleValue } from '../server/prometheus-text';

export type SmokeOptions = {
  origin: string;
  instances: string[];
  token?: string;
  tokenUrl?: string;
  clientId?: string;
  clientSecret?: string;
  /** RFC 8707 resource (the listener's audience) for the client-credentials grant. */
  resource?: string;
  agentToken?: string;
  /** Gateway mode: the value of a signed-in agent's `__Host-ttd-session` cookie (or the whole `name=value`). */
  cookie?: string;
  metricsToken?: string;
  timeoutMs?: number;
};

export type Check = { name: string; ok: boolean; detail: string };

const USAGE =
  'Usage: npm run smoke -- <origin> [--instances http://127.0.0.1:4177,http://127.0.0.1:4178] ' +
  '(--token <service token> | --token-url <url> --client-id <id> --client-secret <secret> [--resource <audience>]) ' +
  '[--agent-token <token> (direct mode) | --cookie <__Host-ttd-session value> (gateway mode)] [--metrics-token <token>] [--timeout-ms 10000]';

export function smokeOptions(argv: readonly string[]): SmokeOptions {
  const args = argv.slice(2);
  // The origin comes first (the usage says so); every other argument is a `--name value` pair.
  const origin = args[0]?.startsWith('--') ? undefined : args[0];
  const value = (name: string) => {
    const at = args.indexOf(`--${name}`);
    return at >= 0 ? args[at + 1] : undefined;
  };
  if (!origin || !/^https?:\/\/[^/]+$/.test(origin.replace(/\/$/, ''))) throw new Error(`An origin such as https://desk.example.com is needed first. ${USAGE}`);
  const token = value('token');
  const tokenUrl = value('token-url');
  if (!token && !(tokenUrl && value('client-id') && value('client-secret'))) throw new Error(`A service token is needed: --token, or --token-url with --client-id and --client-secret. ${USAGE}`);
  const timeout = Number(value('timeout-ms') ?? 10_000);
  if (!Number.isInteger(timeout) || timeout < 1000) throw new Error(`--timeout-ms must be a whole number of at least 1000. ${USAGE}`);
  if (value('agent-token') && value('cookie')) throw new Error(`--agent-token is for direct mode, --cookie for gateway mode: give one. ${USAGE}`);
  return {
    origin: origin.replace(/\/$/, ''),
    instances: (value('instances') ?? '').split(',').filter(Boolean).map((url) => url.replace(/\/$/, '')),
    token,
    tokenUrl,
    clientId: value('client-id'),
    clientSecret: value('client-secret'),
    resource: value('resource'),
    agentToken: value('agent-token'),
    cookie: value('cookie'),
    metricsToken: value('metrics-token'),
    timeoutMs: timeout,
  };
}

/** The headers every answer of the app's origin carries (decision 0055); HSTS on https only. */
const HEADERS = ['content-security-policy', 'x-content-type-options', 'referrer-policy', 'permissions-policy', 'cross-origin-opener-policy', 'cross-origin-resource-policy', 'reporting-endpoints'];

async function checkHeaders(origin: string): Promise<Check> {
  const answer = await fetch(`${origin}/`);
  const expected = [...HEADERS, ...(origin.startsWith('https:') ? ['strict-transport-security'] : [])];
  const missing = expected.filter((name) => !answer.headers.get(name));
  const csp = answer.headers.get('content-security-policy') ?? '';
  const server = answer.headers.get('server') ?? '';
  const problems = [
    ...(answer.status === 200 ? [] : [`${origin}/ answered ${answer.status}`]),
    ...(missing.length ? [`missing ${missing.join(', ')}`] : []),
    ...(csp.includes("require-trusted-types-for 'script'") ? [] : ['the policy does not require Trusted Types']),
    ...(/\d/.test(server) ? [`Server names a version (${server}): server_tokens off`] : []),
  ];
  return { name: 'the app\'s headers', ok: problems.length === 0, detail: problems.join('; ') || `${expected.length} headers, Server "${server}"` };
}

async function checkInstance(base: string, metricsToken: string | undefined): Promise<{ checks: Check[]; accepted: number }> {
  const ready = await fetch(`${base}/readyz`);
  const readiness = (await ready.json().catch(() => ({}))) as { status?: string; code?: string; message?: string };
  const metrics = await fetch(`${base}/metrics`, metricsToken ? { headers: { Authorization: `Bearer ${metricsToken}` } } : {});
  const text = metrics.status === 200 ? await metrics.text() : '';
  const samples = text ? parsePrometheusText(text).samples : [];
  const accepted = samples.filter((s) => s.name === 'ttd_events_accepted_total').reduce((sum, s) => sum + s.value, 0);
  return {
    accepted,
    checks: [
      { name: `${base}/readyz`, ok: ready.status === 200, detail: ready.status === 200 ? JSON.stringify(readiness) : `${ready.status}: ${readiness.message ?? readiness.code ?? ''}` },
      {
        name: `${base}/metrics`,
        ok: metrics.status === 200 && sampleValue(samples, 'ttd_process_cpu_seconds_total') !== undefined,
        detail: metrics.status === 200 ? `${samples.length} samples` : `${metrics.status}: from this host, straight to the port, or --metrics-token`,
      },
    ],
  };
}

async function serviceToken(options: SmokeOptions): Promise<string> {
  if (options.token) return options.token;
  const body = new URLSearchParams({ grant_type: 'client_credentials', ...(options.resource ? { resource: options.resource } : {}) });
  const answer = await fetch(options.tokenUrl ?? '', {
    method: 'POST',
    headers: { Authorization: `Basic ${Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64')}`, 'Content-Type': 'application/x-www-form-urlencoded' },
    body,
  });
  const json = (await answer.json().catch(() => ({}))) as { access_token?: string; error?: string; error_description?: string };
  if (!answer.ok || !json.access_token) throw new Error(`The token endpoint answered ${answer.status}: ${json.error ?? ''} ${json.error_description ?? ''}`.trim());
  return json.access_token;
}

const SESSION_COOKIE = '__Host-ttd-session';
/** The Cookie header for --cookie: its value alone, or `name=value` as a browser's tools show it. */
export const cookieHeader = (cookie: string) => (cookie.includes('=') ? cookie.trim() : `${SESSION_COOKIE}=${cookie.trim()}`);

/** Gateway mode: the agent's session answers at <origin>/gateway/session (who is signed in, until when). */
async function checkSession(options: SmokeOptions & { cookie: string }): Promise<Check> {
  const answer = await fetch(`${options.origin}/gateway/session`, { headers: { Cookie: cookieHeader(options.cookie), Accept: 'application/json' } });
  const body = (await answer.json().catch(() => ({}))) as { name?: string; roles?: string[]; expiresAt?: string; code?: string; message?: string };
  return answer.status === 200
    ? { name: 'the agent\'s session', ok: true, detail: `${body.name ?? '?'} (${(body.roles ?? []).join(', ')}) until ${body.expiresAt ?? '?'}` }
    : { name: 'the agent\'s session', ok: false, detail: `${answer.status}: ${body.message ?? body.code ?? ''} (sign in again and pass the new cookie)` };
}

/** The stream's address and headers: on the session cookie (gateway mode), or a ticket bought with the agent's token. */
async function streamRequest(options: SmokeOptions): Promise<{ url: string; headers: Record<string, string> }> {
  if (options.cookie) return { url: `${options.origin}/relay/events`, headers: { Cookie: cookieHeader(options.cookie) } };
  const issued = await fetch(`${options.origin}/relay/stream-tickets`, { method: 'POST', headers: { Authorization: `Bearer ${options.agentToken}` } });
  if (issued.status !== 201) throw new Error(`No stream ticket for the agent token: ${issued.status} ${await issued.text()}`);
  const { ticket } = (await issued.json()) as { ticket: string };
  return { url: `${options.origin}/relay/events?ticket=${encodeURIComponent(ticket)}`, headers: {} };
}

/** An agent's stream through the origin; resolves true once `eventId` arrives, false at the deadline. */
async function openStream(options: SmokeOptions): Promise<{ ready: Promise<void>; arrived(eventId: string): Promise<boolean>; close(): void }> {
  const { url, headers } = await streamRequest(options);
  const controller = new AbortController();
  const stream = await fetch(url, { signal: controller.signal, headers: { ...headers, Accept: 'text/event-stream' } });
  if (stream.status !== 200 || !stream.body) throw new Error(`The stream did not open: ${stream.status}`);
  const reader = stream.body.getReader();
  let text = '';
  let hello: () => void = () => {};
  // Open once the relay has said hello (its first message), or at the deadline: the event is posted either way.
  const ready = new Promise<void>((resolve) => {
    hello = resolve;
    setTimeout(resolve, options.timeoutMs ?? 10_000).unref();
  });
  const decoder = new TextDecoder();
  // Read until the stream ends or close() aborts it; what arrived is searched by arrived().
  void (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      text += decoder.decode(value, { stream: true });
      if (text.includes('event: hello')) hello();
    }
  })();
  return {
    ready,
    async arrived(eventId) {
      const deadline = Date.now() + (options.timeoutMs ?? 10_000);
      while (Date.now() < deadline) {
        if (text.includes(eventId)) return true;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return false;
    },
    close() {
      controller.abort();
    },
  };
}

export async function runSmoke(options: SmokeOptions): Promise<Check[]> {
  const checks: Check[] = [];
  const attempt = async (name: string, run: () => Promise<Check | Check[]>) => {
    try {
      checks.push(...[await run()].flat());
    } catch (error) {
      checks.push({ name, ok: false, detail: error instanceof Error ? error.message : String(error) });
    }
  };
  await attempt('the app\'s headers', () => checkHeaders(options.origin));
  let acceptedBefore = 0;
  for (const base of options.instances) {
    await attempt(base, async () => {
      const { checks: found, accepted } = await checkInstance(base, options.metricsToken);
      acceptedBefore += accepted;
      return found;
    });
  }
  let token: string | undefined;
  await attempt('a service token', async () => {
    token = await serviceToken(options);
    return { name: 'a service token', ok: true, detail: options.token ? 'given' : `from ${options.tokenUrl}` };
  });
  const { cookie } = options;
  if (cookie) await attempt('the agent\'s session', () => checkSession({ ...options, cookie }));
  const stream = options.agentToken || options.cookie ? await openStream(options).catch((error: Error) => error) : undefined;
  if (stream instanceof Error) checks.push({ name: 'an agent\'s stream', ok: false, detail: stream.message });
  else if (stream) await stream.ready;

  const eventId = `smoke-${randomUUID()}`;
  const event = {
    eventId,
    eventTime: new Date().toISOString(),
    eventType: 'TroubleTicketStatusChangeEvent',
    event: { troubleTicket: { id: `SMOKE-${eventId.slice(6, 14)}`, status: 'inProgress' } },
  };
  if (token) {
    await attempt('the sample event', async () => {
      const answer = await fetch(`${options.origin}/listener/troubleTicketStatusChangeEvent`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(event),
      });
      return { name: 'the sample event accepted', ok: answer.status === 204, detail: answer.status === 204 ? eventId : `${answer.status}: ${await answer.text()}` };
    });
  }
  if (stream && !(stream instanceof Error)) {
    const arrived = await stream.arrived(eventId);
    stream.close();
    checks.push({ name: 'the sample event relayed', ok: arrived, detail: arrived ? 'reached the agent\'s stream' : `not on the agent's stream within ${options.timeoutMs} ms` });
  } else if (options.instances.length) {
    await attempt('the sample event counted', async () => {
      let after = 0;
      for (const base of options.instances) after += (await checkInstance(base, options.metricsToken)).accepted;
      return { name: 'the sample event counted', ok: after > acceptedBefore, detail: `ttd_events_accepted_total ${acceptedBefore} → ${after} (relay not checked: give --agent-token or, in gateway mode, --cookie)` };
    });
  }
  return checks;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    const checks = await runSmoke(smokeOptions(process.argv));
    for (const check of checks) console.log(`${check.ok ? 'ok  ' : 'FAIL'}  ${check.name}: ${check.detail}`);
    process.exit(checks.length > 0 && checks.every((check) => check.ok) ? 0 : 1);
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}
