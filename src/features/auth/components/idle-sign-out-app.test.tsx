/**
 * The idle sign-out in the real app, gateway mode, with VITE_IDLE_SIGN_OUT_MINUTES=2 (decision 0054): after two
 * minutes without a key or a click the gateway's logout is called, as the menu's sign-out does, and the agent's
 * outbox and key are deleted first.
 */
import 'fake-indexeddb/auto';
import { act, render, screen } from '@testing-library/react';
import { createStore, get } from 'idb-keyval';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { routes } from '../../../app/routes';
import { AppProviders } from '../../../app/providers';
import { createQueryClient } from '../../../api/query-client';
import { listOutbox, putOutboxEntry } from '../../../lib/outbox/store';
import { pendingTicket } from '../../../testing/pending-ticket';
import { polyfillDialog } from '../../../testing/fake-user-manager';
import { createGatewayAuth } from '../model/gateway-auth';

vi.mock('../../../lib/config', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../lib/config')>();
  return { ...actual, config: { ...actual.config, idleSignOutMinutes: 2 } };
});

const base = '*/tmf-api/troubleTicket/v5';
const empty = () => HttpResponse.json([], { headers: { 'X-Total-Count': '0', 'X-Result-Count': '0' } });
const server = setupServer(http.get(`${base}/troubleTicket`, empty), http.get(`${base}/cancelProductOrder`, empty));

beforeAll(() => {
  polyfillDialog();
  server.listen({ onUnhandledRequest: 'bypass' });
});
afterEach(() => vi.useRealTimers());
afterAll(() => server.close());

const agent = 'idle-gateway-agent';

function fakeGateway() {
  const calls: string[] = [];
  let live = true;
  const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    await Promise.resolve();
    const call = `${init?.method ?? 'GET'} ${String(input)}`;
    calls.push(call);
    if (call === 'POST /gateway/logout') {
      live = false;
      return json(200, { redirectTo: 'https://login.example.com/logout' });
    }
    if (call === 'GET /gateway/session' && live) {
      return json(200, { subject: agent, name: 'Jana Schmidt', roles: ['agent'], canWrite: true, expiresAt: new Date(Date.now() + 8 * 3_600_000).toISOString() });
    }
    return json(401, { code: 'sessionEnded', reason: 'No session' });
  });
  return { calls, fetch };
}

describe('idle sign-out in gateway mode', () => {
  it('warns, then calls the gateway’s logout and deletes the agent’s outbox and key first', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await putOutboxEntry(pendingTicket({ userId: agent, externalId: 'EXT-IDLE', queuedAt: new Date().toISOString() }));
    const gateway = fakeGateway();
    const navigate = vi.fn();
    const auth = createGatewayAuth({ warningSeconds: 120, fetch: gateway.fetch, navigate, memory: null });
    render(
      <AppProviders auth={auth} queryClient={createQueryClient({ retryDelay: 0 })}>
        <RouterProvider router={createMemoryRouter(routes, { initialEntries: ['/'] })} />
      </AppProviders>,
    );
    await screen.findByRole('button', { name: 'Sign out' });
    const alert = await screen.findByRole('alert');

    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(alert).toHaveTextContent('You will be signed out at');
    expect(gateway.calls).not.toContain('POST /gateway/logout');
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith('https://login.example.com/logout'));
    expect(gateway.calls).toContain('POST /gateway/logout');
    expect(await listOutbox(agent)).toEqual([]);
    expect(await get(agent, createStore('trouble-ticket-desk-keys', 'keys'))).toBeUndefined();
  });
});
