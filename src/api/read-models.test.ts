// @vitest-environment node
/** A newer or sloppier service must not break reading: unknown values are kept, odd fields dropped, only id needed. */
import { describe, expect, it } from 'vitest';
import { CancelProductOrderRead, TroubleTicketRead, isCancelOrderState, isTicketStatus } from './read-models';
import { answerAll, cancelProductOrder, clientFor, faultTicket, json, listenWithMsw } from '../testing/api-client';

listenWithMsw();

describe('TroubleTicketRead: the domain\'s one reader (its rules: src/domain/ticket-reader.test.ts)', () => {
  it.each([
    ['an unknown status', { status: 'someNewStatus' }, { status: 'someNewStatus' }],
    ['a status in another letter case', { status: 'InProgress' }, { status: 'inProgress' }],
    ['@type CancelTroubleTicket', { '@type': 'CancelTroubleTicket' }, { '@type': 'CancelTroubleTicket' }],
    ['an unknown ticketType', { ticketType: 'complaint' }, { ticketType: 'complaint' }],
    ['severity and a numeric priority', { severity: 'major', priority: 2 }, { severity: 'major', priority: '2' }],
    ['a description over 1024 characters (a reader has no reason to hide it)', { description: 'x'.repeat(1025) }, { description: 'x'.repeat(1025) }],
    [
      'the older status history with an unknown status',
      { statusChangeHistory: [{ status: 'acknowledged', statusChangeDate: '2026-12-01T10:00:00Z' }, { status: 'escalated', statusChangeDate: '2026-12-01T11:00:00Z' }] },
      { statusChange: [{ status: 'acknowledged', changeDate: '2026-12-01T10:00:00Z' }, { status: 'escalated', changeDate: '2026-12-01T11:00:00Z' }] },
    ],
  ])('keeps %s', (_, change, expected) => {
    const result = TroubleTicketRead.safeParse({ ...faultTicket, ...change });

    expect(result.success).toBe(true);
    expect(result.data).toMatchObject(expected);
  });

  it('reads a ticket that has only an id (e.g. fields=status answered sparsely)', () => {
    expect(TroubleTicketRead.parse({ id: 'TT-9' })).toEqual({ id: 'TT-9' });
  });

  it.each([
    ['a date-time without offset', { creationDate: '2026-12-01 10:00' }, 'creationDate'],
    ['a status that is not a string', { status: 7 }, 'status'],
    ['an agreement that is a string', { agreement: 'RV-1' }, 'agreement'],
  ])('shows %s as another detail and keeps the rest', (_, change, field) => {
    const ticket = TroubleTicketRead.parse({ ...faultTicket, ...change });

    expect(ticket[field as keyof typeof ticket]).toBeUndefined();
    expect(ticket.other).toEqual([{ name: field, value: String(Object.values(change)[0]) }]);
    expect(ticket.externalIdentifier).toEqual(faultTicket.externalIdentifier);
  });

  it.each([
    ['no id', { ...faultTicket, id: undefined }],
    ['an empty id', { ...faultTicket, id: '' }],
    ['null', null],
    ['an array', [faultTicket]],
  ])('refuses %s', (_, value) => {
    expect(TroubleTicketRead.safeParse(value).success).toBe(false);
  });
});

describe('CancelProductOrderRead', () => {
  it('keeps an unknown state and @type, and reads a sparse order', () => {
    expect(CancelProductOrderRead.parse({ ...cancelProductOrder, state: 'partiallyDone', '@type': 'CancelOrder' })).toMatchObject({
      state: 'partiallyDone',
      '@type': 'CancelOrder',
      productOrder: cancelProductOrder.productOrder,
    });
    expect(CancelProductOrderRead.parse({ id: 'CPO-2' })).toEqual({ id: 'CPO-2' });
  });

  it('drops a productOrder of the wrong shape', () => {
    const order = CancelProductOrderRead.parse({ ...cancelProductOrder, productOrder: { id: 'PO-1', '@referredType': 'Order' } });
    expect(order.productOrder).toBeUndefined();
    expect(order.state).toBe('acknowledged');
  });

  // Read by the same reader as tickets (docs/decisions/0064): what does not fit is kept as text, never lost.
  it.each([
    ['a field it does not know', { priority: 'high' }, [{ name: 'priority', value: 'high' }]],
    ['a productOrder of the wrong shape', { productOrder: { id: 'PO-1', '@referredType': 'Order' } }, [{ name: 'productOrder', value: '{"id":"PO-1","@referredType":"Order"}' }]],
    ['a date-time without offset', { creationDate: '2026-12-01 10:00' }, [{ name: 'creationDate', value: '2026-12-01 10:00' }]],
    ['nothing odd', {}, undefined],
  ])('keeps %s as another detail', (_, change, other) => {
    expect(CancelProductOrderRead.parse({ ...cancelProductOrder, ...change }).other).toEqual(other);
  });

  it.each([
    ['a numeric id, read as its digits', { id: 7 }, true],
    ['an empty id', { id: '' }, false],
    ['no id', { id: undefined }, false],
  ])('reads %s like a ticket\'s', (_, change, read) => {
    const result = CancelProductOrderRead.safeParse({ ...cancelProductOrder, ...change });
    expect(result.success).toBe(read);
    if (read) expect(result.data?.id).toBe('7');
  });
});

describe('through the client', () => {
  it('a list with a newer status, an unknown @type, extra and missing fields is read', async () => {
    const { description: _description, accessLineId: _accessLineId, ...withoutOptionals } = faultTicket;
    answerAll(() =>
      json([
        { ...faultTicket, status: 'someNewStatus' },
        { ...withoutOptionals, id: 'TT-2', '@type': 'CancelTroubleTicket', cancellationReason: 'duplicate' },
      ]),
    );
    const page = await clientFor().listTroubleTickets();

    expect(page.items.map((t) => [t.id, t.status, t['@type'], t.description])).toEqual([
      ['TT-1', 'someNewStatus', 'FaultTicket', faultTicket.description],
      ['TT-2', 'acknowledged', 'CancelTroubleTicket', undefined],
    ]);
    expect(page.items[1]?.other).toEqual([{ name: 'cancellationReason', value: 'duplicate' }]);
  });
});

describe('status narrowing', () => {
  it.each([
    ['inProgress', true],
    ['someNewStatus', false],
    [undefined, false],
  ])('isTicketStatus(%j) is %s', (status, known) => expect(isTicketStatus(status)).toBe(known));

  it.each([
    ['terminatedWithError', true],
    ['inProgress', true],
    ['resolved', false],
  ])('isCancelOrderState(%j) is %s', (state, known) => expect(isCancelOrderState(state)).toBe(known));
});
