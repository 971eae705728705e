/** One outbox send read by the wizard's outcome functions: every answer of POST /troubleTicket in the outbox's terms. */
import { describe, expect, it, vi } from 'vitest';
import type { ApiClient } from '../../../api/client';
import { ApiError, NetworkError } from '../../../api/errors';
import { pendingTicket } from '../../../testing/pending-ticket';
import { deliverQueued } from './deliver';

const ticket = (unconfirmed: boolean) => pendingTicket({ attempts: 1, inFlight: true, unconfirmed });

function api(create: () => Promise<unknown>, found: { id: string; status: string }[] = []) {
  const listTroubleTickets = vi.fn(async () => ({ items: found, totalCount: found.length }));
  return { client: { createTroubleTicket: vi.fn(create), listTroubleTickets } as unknown as ApiClient, listTroubleTickets };
}

const noWait = () => Promise.resolve();
const refuse = (status: number, extra: object = {}) => () => Promise.reject(new ApiError({ status, ...extra }));

describe('deliverQueued', () => {
  it('201: created with its id', async () => {
    const { client } = api(() => Promise.resolve({ status: 201, resource: { id: 'TT-7' }, location: null }));
    expect(await deliverQueued(client, ticket(false), noWait)).toEqual({ kind: 'created', ticketId: 'TT-7' });
  });

  it('409 after a try that may have created it: looked up by the external id and linked, not created again', async () => {
    const { client, listTroubleTickets } = api(refuse(409), [{ id: 'TT-5', status: 'acknowledged' }]);
    expect(await deliverQueued(client, ticket(true), noWait)).toEqual({ kind: 'created', ticketId: 'TT-5' });
    expect(listTroubleTickets).toHaveBeenCalledWith(expect.objectContaining({ filters: { 'externalIdentifier.id': 'EXT-1' } }));
  });

  it('409 for a ticket no try of ours may have made: another ticket holds the id, the agent decides', async () => {
    const { client } = api(refuse(409), [{ id: 'TT-5', status: 'acknowledged' }]);
    expect(await deliverQueued(client, ticket(false), noWait)).toEqual({ kind: 'attention', attention: { reason: 'conflict', ticketId: 'TT-5' } });
  });

  it('409 that may be ours but the lookup finds nothing yet: tried again later, still "may exist"', async () => {
    const { client } = api(refuse(409), []);
    expect(await deliverQueued(client, ticket(true), noWait)).toMatchObject({ kind: 'later', mayExist: true });
  });

  it('400: the fields the service named', async () => {
    const errorMessage = { code: 'invalidBody', reason: 'Bad Request', message: 'Check it', invalidFields: [{ path: 'description', message: 'short' }] };
    const { client } = api(refuse(400, { errorMessage }));
    expect(await deliverQueued(client, ticket(false), noWait)).toEqual({
      kind: 'invalid',
      invalidFields: [{ path: 'description', message: 'short' }],
      message: 'Check it',
    });
  });

  it.each([
    [refuse(401), { kind: 'signIn' }],
    [refuse(403), { kind: 'attention', attention: { reason: 'forbidden', status: 403 } }],
    [refuse(503, { retryAfterSeconds: 30 }), { kind: 'later', mayExist: false, retryAfterSeconds: 30, problem: { kind: 'status', status: 503 } }],
    [refuse(500), { kind: 'later', mayExist: true, problem: { kind: 'status', status: 500 } }],
    [() => Promise.reject(new NetworkError('offline')), { kind: 'later', mayExist: true, problem: { kind: 'network' } }],
  ])('%#: %o', async (create, delivery) => {
    const { client } = api(create);
    expect(await deliverQueued(client, ticket(false), noWait)).toEqual(delivery);
  });
});
