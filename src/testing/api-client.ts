/** Test support for the API client: an MSW node server that records requests, and interface-valid fixtures. */
import { http, HttpResponse, type HttpResponseResolver } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { CancelProductOrderFvo } from '../domain/cancel-order';
import type { FaultTicketFvo } from '../domain/ticket';
import { createApiClient } from '../api/client';
import type { TokenSource } from '../api/token-source';

export const ORIGIN = 'https://api.example.test';
export const BASE = `${ORIGIN}/tmf-api/troubleTicket/v5`;

export const server = setupServer();

/** Call once per test file: any request no test handler answers fails the test. */
export function listenWithMsw() {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
}

/** Answers every method and path under every origin with `resolver`, and keeps each request for inspection. */
export function answerAll(resolver: HttpResponseResolver): Request[] {
  const seen: Request[] = [];
  server.use(
    http.all('*', (info) => {
      seen.push(info.request.clone());
      return resolver(info);
    }),
  );
  return seen;
}

export const tokenOf = (token: string | null): TokenSource => ({ getAccessToken: () => Promise.resolve(token) });

export const clientFor = (token: string | null = 'demo-token', baseUrl = BASE) =>
  createApiClient({ baseUrl, tokenSource: tokenOf(token) });

export const json = (body: unknown, init?: ResponseInit) => HttpResponse.json(body as never, init);

export const faultTicketFvo: FaultTicketFvo = {
  '@type': 'FaultTicket',
  ticketType: 'fault',
  externalIdentifier: [{ id: 'EXT-1001', owner: 'buyer' }],
  agreement: [{ '@type': 'AgreementRef', id: 'AG-1', '@referredType': 'Agreement' }],
  description: 'No sync on the line since 08:00',
  accessLineId: 'DEU.ABC.1234567',
  relatedParty: [
    {
      role: 'locationAContact',
      partyOrPartyRole: {
        '@type': 'Individual',
        familyName: 'Müller',
        contactMedium: [{ '@type': 'PhoneContactMedium', contactType: 'mobile', phoneNumber: '+49 151 1234567' }],
      },
    },
    { role: 'orderManagementBuyerContact', partyOrPartyRole: { '@type': 'Organization', name: 'Carrier GmbH' } },
  ],
  relatedEntity: [{ role: 'affectedProduct', entity: { '@type': 'EntityRef', id: 'P-77', '@referredType': 'Product' } }],
};

/** What the service answers for the ticket above: the input plus the read-only fields (decisions.md). */
export const faultTicket = {
  ...faultTicketFvo,
  id: 'TT-1',
  href: '/tmf-api/troubleTicket/v5/troubleTicket/TT-1',
  status: 'acknowledged',
  creationDate: '2026-12-01T10:00:00Z',
  lastUpdateDate: '2026-12-01T11:00:00+01:00',
};

export const cancelProductOrderFvo: CancelProductOrderFvo = {
  '@type': 'CancelProductOrder',
  productOrder: { id: 'PO-9', '@referredType': 'ProductOrder' },
  cancellationReason: 'Ordered twice',
};

export const cancelProductOrder = {
  ...cancelProductOrderFvo,
  id: 'CPO-1',
  href: '/tmf-api/troubleTicket/v5/cancelProductOrder/CPO-1',
  state: 'acknowledged',
  creationDate: '2026-12-01T10:00:00Z',
};
