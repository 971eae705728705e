/**
 * The demo controls of the mocked provider (issue 39), development only: make the provider ask for information, resolve,
 * close, reject, raise a jeopardy alert or report a milestone on one ticket, on purpose, so a demo-giver shows each
 * event's screen. They call the mocked service's `POST /__provider/act` (MOCK_PROVIDER_CONTROLS=1); the service then
 * changes the ticket and sends the events to the desk's listener as for any change. Used by `npm run provider`
 * (scripts/provider.ts) and by the Provider page of `npm run dev:gateway` (scripts/dev-gateway.ts). Nothing of the app
 * imports this: the page is served beside the app, never built into it.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PROVIDER_CLIENT_ID, PROVIDER_CLIENT_SECRET } from '../dev/oidc/client';
import { providerActions, type ProviderAction } from '../mocks/store';
import { gatewayStack } from '../tools/gateway-stack';

export { providerActions, type ProviderAction };

/** Where the mocked service is and how to get a token it takes. */
export type ProviderTarget = {
  /** The service's origin (its test and control routes hang off the root). */
  origin: string;
  /** The dev token provider's token endpoint and the API's resource; without it `Bearer provider-controls` (npm run mock-api). */
  token?: { url: string; resource: string };
};

export type ActRequest = { action: ProviderAction; ticket: string; path?: string; milestone?: string };
export type ActAnswer = { status: number; ticket?: { id: string; status: string }; events?: { type: string }[]; message?: string };

/**
 * `npm run provider`'s target: the service of a running `npm run dev:gateway` (GATEWAY_PORT, default 4180) with a token
 * of its token provider; with `--mock-api[=URL]`, `npm run mock-api` (default http://127.0.0.1:8787), any token.
 */
export function targetOf(args: readonly string[], env: NodeJS.ProcessEnv): ProviderTarget {
  const mockApi = args.find((arg) => arg === '--mock-api' || arg.startsWith('--mock-api='));
  if (mockApi) return { origin: mockApi.includes('=') ? mockApi.slice('--mock-api='.length) : 'http://127.0.0.1:8787' };
  const stack = gatewayStack(Number(env.GATEWAY_PORT?.trim() || 4180));
  return { origin: stack.origins.api, token: { url: `${stack.origins.tokenIssuer}/token`, resource: stack.apiBase } };
}

async function bearer(target: ProviderTarget): Promise<string> {
  if (!target.token) return 'provider-controls';
  const response = await fetch(target.token.url, {
    method: 'POST',
    headers: {
      Authorization: `Basic ${Buffer.from(`${PROVIDER_CLIENT_ID}:${PROVIDER_CLIENT_SECRET}`).toString('base64')}`,
      'Content-Type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ grant_type: 'client_credentials', resource: target.token.resource }),
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) throw new Error(`The token provider at ${target.token.url} answered ${response.status}: is npm run dev:gateway running?`);
  return ((await response.json()) as { access_token: string }).access_token;
}

/** Asks the mocked provider to act on one ticket; answers what the service said. */
export async function act(target: ProviderTarget, request: ActRequest): Promise<ActAnswer> {
  const response = await fetch(`${target.origin}/__provider/act`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${await bearer(target)}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(request),
    signal: AbortSignal.timeout(10_000),
  });
  const body = (await response.json().catch(() => ({}))) as { ticket?: { id: string; status: string }; events?: { type: string }[]; message?: string };
  return { ...body, status: response.status };
}

/** One line for a person: what happened, or why not. */
export function describeAnswer(request: ActRequest, answer: ActAnswer): string {
  if (answer.status === 200 && answer.ticket) {
    return `${request.action} ${request.ticket}: done, the ticket is ${answer.ticket.status}; ${answer.events?.length ?? 0} event(s) on their way to the listener.`;
  }
  if (answer.status === 404 && !answer.message) return `The mocked service has no demo controls: start it with MOCK_PROVIDER_CONTROLS=1 (npm run dev:gateway does).`;
  return `${request.action} ${request.ticket} refused (HTTP ${answer.status}): ${answer.message ?? 'no reason given'}`;
}

const actionWords: Record<ProviderAction, string> = {
  askForInformation: 'Ask for information',
  resolve: 'Resolve',
  close: 'Close',
  reject: 'Reject',
  jeopardy: 'Raise a jeopardy alert',
  milestone: 'Reach a milestone',
};

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The Provider page: one form per action, and what the last one did. No script, no styles from elsewhere. */
export function providerPage(message?: string): string {
  const buttons = providerActions.map((action) => `<button name="action" value="${action}">${escape(actionWords[action])}</button>`).join('\n      ');
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Mocked provider – demo controls</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem}label{display:block;margin-top:1rem}input{font:inherit;padding:.25rem}button{font:inherit;margin:.5rem .5rem 0 0;padding:.4rem .8rem}output{display:block;margin-top:1.5rem;padding:.75rem;border:1px solid #888}</style>
</head>
<body>
<main>
  <h1>Mocked provider: demo controls</h1>
  <p>Development only. What you choose here the mocked trouble ticket provider does to the ticket, and sends its events to the desk's listener, as a real provider would.</p>
  <form method="post" action="/act">
    <label for="ticket">Ticket ID</label>
    <input id="ticket" name="ticket" required pattern="[A-Za-z0-9._-]+" placeholder="TT-000241">
    <label for="path">What to ask for (JSON Pointer, for "Ask for information")</label>
    <input id="path" name="path" value="/accessLineId">
    <label for="milestone">Milestone (for "Reach a milestone")</label>
    <input id="milestone" name="milestone" value="Techniker vor Ort">
    <p>
      ${buttons}
    </p>
  </form>
  ${message ? `<output role="status">${escape(message)}</output>` : ''}
</main>
</body>
</html>`;
}

const MAX_FORM_BYTES = 4096;

function readForm(req: IncomingMessage): Promise<URLSearchParams | undefined> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_FORM_BYTES) {
        resolve(undefined);
        req.destroy();
      } else chunks.push(chunk);
    });
    req.on('end', () => resolve(new URLSearchParams(Buffer.concat(chunks).toString('utf8'))));
    req.on('error', () => resolve(undefined));
  });
}

function send(res: ServerResponse, status: number, html: string): void {
  res.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
    'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'",
    'X-Content-Type-Options': 'nosniff',
  });
  res.end(html);
}

/** The Provider page on 127.0.0.1:`port` (0 = any free one): GET / shows it, POST /act acts and shows what happened. */
export async function startProviderPage(target: ProviderTarget, port: number): Promise<{ url: string; server: Server; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    void (async () => {
      if (req.method === 'GET' && req.url === '/') return send(res, 200, providerPage());
      if (req.method !== 'POST' || req.url !== '/act') return send(res, 404, providerPage('Nothing here: use the form.'));
      const form = await readForm(req);
      const action = form?.get('action') as ProviderAction | null;
      const ticket = form?.get('ticket')?.trim() ?? '';
      if (!action || !providerActions.includes(action) || !/^[A-Za-z0-9._-]{1,40}$/.test(ticket)) return send(res, 400, providerPage('Choose an action and name a ticket like TT-000241.'));
      const request: ActRequest = { action, ticket, path: form?.get('path')?.trim() || undefined, milestone: form?.get('milestone')?.trim() || undefined };
      const answer = await act(target, request).catch((error: unknown) => ({ status: 502, message: error instanceof Error ? error.message : String(error) }));
      send(res, answer.status === 200 ? 200 : 502, providerPage(describeAnswer(request, answer)));
    })();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    server,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
