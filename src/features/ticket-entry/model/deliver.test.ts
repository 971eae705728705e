// @vitest-environment node
/** One outbox send through the wizard's create: every answer of POST /troubleTicket as the outcome the outbox stores. */
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
    expect(await deliverQueued(client, ticket(false), noWait)).toEqual({ kind: 'created', id: 'TT-7' });
  });

  it('409 after a try that may have created it: looked up by the external id and linked, not created again', async () => {
    const { client, listTroubleTickets } = api(refuse(409), [{ id: 'TT-5', status: 'acknowledged' }]);
    expect(await deliverQueued(client, ticket(true), noWait)).toEqual({ kind: 'created', id: 'TT-5' });
    expect(listTroubleTickets).toHaveBeenCalledWith(expect.objectContaining({ filters: { 'externalIdentifier.id': 'EXT-1' } }));
  });

  it('409 for a ticket no try of ours may have made: another ticket holds the id, the agent decides', async () => {
    const { client } = api(refuse(409), [{ id: 'TT-5', status: 'acknowledged' }]);
    expect(await deliverQueued(client, ticket(false), noWait)).toEqual({ kind: 'conflict', existing: { id: 'TT-5', status: 'acknowledged' } });
  });

  it('409 that may be ours but the lookup finds nothing yet: unconfirmed (tried again later, still "may exist")', async () => {
    const { client } = api(refuse(409), []);
    expect(await deliverQueued(client, ticket(true), noWait)).toEqual({ kind: 'unconfirmed' });
  });

  it('400: the fields the service named', async () => {
    const errorMessage = { code: 'invalidBody', reason: 'Bad Request', message: 'Check it', invalidFields: [{ path: 'description', message: 'short' }] };
    const { client } = api(refuse(400, { errorMessage }));
    expect(await deliverQueued(client, ticket(false), noWait)).toEqual({
      kind: 'invalid',
      invalidFields: [{ path: 'description', message: 'short' }],
      message: 'Check it',
      reason: 'Bad Request',
    });
  });

  it.each([
    [refuse(401), { kind: 'unauthorized' }],
    [refuse(403), { kind: 'forbidden' }],
    [refuse(503, { retryAfterSeconds: 30 }), { kind: 'unavailable', mayExist: false, retryAfterSeconds: 30, status: 503 }],
    [refuse(500), { kind: 'unavailable', mayExist: true, status: 500 }],
    [() => Promise.reject(new NetworkError('offline')), { kind: 'unavailable', mayExist: true }],
  ])('%#: %o', async (create, outcome) => {
    const { client } = api(create);
    expect(await deliverQueued(client, ticket(false), noWait)).toEqual(outcome);
  });
});
