// @vitest-environment node
/** The service's addresses: base URL and path joined correctly for every kind of base (decisions.md "Addresses"). */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { joinUrl, resolveBaseUrl } from './http';
import { answerAll, clientFor, json, listenWithMsw } from '../testing/api-client';

listenWithMsw();
afterEach(() => vi.unstubAllGlobals());

describe('joinUrl(resolveBaseUrl(base), path)', () => {
  it.each([
    // [base, path, address]
    ['https://api.example.net', '/troubleTicket', 'https://api.example.net/troubleTicket'],
    ['https://api.example.net/', '/troubleTicket', 'https://api.example.net/troubleTicket'],
    ['https://api.example.net//', '/troubleTicket', 'https://api.example.net/troubleTicket'],
    ['https://api.example.net:8443', '/troubleTicket/TT-1', 'https://api.example.net:8443/troubleTicket/TT-1'],
    ['https://api.example.net/tmf-api/troubleTicket/v5', '/troubleTicket', 'https://api.example.net/tmf-api/troubleTicket/v5/troubleTicket'],
    ['https://api.example.net/tmf-api/troubleTicket/v5/', '/troubleTicket', 'https://api.example.net/tmf-api/troubleTicket/v5/troubleTicket'],
    ['https://api.example.net/api', 'cancelProductOrder', 'https://api.example.net/api/cancelProductOrder'],
    ['https://api.example.net/api?debug=1#top', '/troubleTicket', 'https://api.example.net/api/troubleTicket'],
    ['http://127.0.0.1:4305', '/troubleTicket', 'http://127.0.0.1:4305/troubleTicket'],
  ])('%s + %s -> %s', (base, path, address) => {
    expect(joinUrl(resolveBaseUrl(base), path).href).toBe(address);
  });

  it.each([
    ['/', 'http://127.0.0.1:5173/troubleTicket'],
    ['/tmf-api/troubleTicket/v5', 'http://127.0.0.1:5173/tmf-api/troubleTicket/v5/troubleTicket'],
    ['/tmf-api/troubleTicket/v5/', 'http://127.0.0.1:5173/tmf-api/troubleTicket/v5/troubleTicket'],
  ])('relative base %s on the page origin -> %s', (base, address) => {
    vi.stubGlobal('location', { origin: 'http://127.0.0.1:5173' });
    expect(joinUrl(resolveBaseUrl(base), '/troubleTicket').href).toBe(address);
  });

  it('keeps the query it is given', () => {
    expect(joinUrl(resolveBaseUrl('https://api.example.net'), '/troubleTicket', '?limit=1').href).toBe('https://api.example.net/troubleTicket?limit=1');
  });
});

describe('the client with its base at an origin root', () => {
  it.each(['https://api.example.net', 'https://api.example.net/'])('%s: list, retrieve and count ask the right addresses', async (base) => {
    const seen = answerAll(() => json([{ id: 'TT-1' }], { headers: { 'X-Total-Count': '1' } }));
    const api = clientFor('t', base);
    await api.listTroubleTickets({ limit: 1 });
    await api.countCancelProductOrders();
    answerAll(() => json({ id: 'TT-1' }));
    await api.retrieveTroubleTicket('TT-1');
    expect(seen.map((request) => request.url)).toEqual([
      'https://api.example.net/troubleTicket?limit=1',
      'https://api.example.net/cancelProductOrder?limit=1&fields=state',
    ]);
  });
});
