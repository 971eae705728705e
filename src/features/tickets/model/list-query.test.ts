// @vitest-environment node
/** Ticket list URL -> list state -> the service's query string, and back: what the agent sets is what is asked for. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listQueryString } from '../../../api/query-string';
import { parseListState, serialiseListState } from '../../../components/data-table/list-state';
import { ticketSortFields } from '../../../../mocks/handlers';
import { maxLengthOf, ticketField, ticketFieldNames, ticketFields, ticketFilterNames, type TicketFilterName } from '../../../domain/ticket-fields';
import { columnSortFields, ticketListDefinition, type TicketColumn } from './list-definition';
import { listQuery, startOfLocalDay } from './list-query';

const zone = process.env.TZ;
beforeAll(() => {
  // The agent's zone decides where a day starts; Berlin has both offsets (+01:00 winter, +02:00 summer).
  process.env.TZ = 'Europe/Berlin';
});
afterAll(() => {
  process.env.TZ = zone;
});

const state = (query: string) => parseListState(ticketListDefinition, new URLSearchParams(query));
// Both spellings of an attribute a service may answer with (v5 first): either reading finds its value.
const defaultFields = 'fields=id,externalIdentifier,externalId,status,ticketType,categoryId,creationDate,expectedResolutionDate';
const serviceQuery = (query: string) => decodeURIComponent(listQueryString(listQuery(state(query))));

describe('the service query for a list address', () => {
  it.each([
    // [the list's address (after /tickets?), the service's query string (decoded for reading)]
    ['', `?offset=0&limit=20&${defaultFields}&sort=-creationDate`],
    ['status=pending,held', `?offset=0&limit=20&${defaultFields}&sort=-creationDate&status=pending,held`],
    ['status=held,pending,bogus', `?offset=0&limit=20&${defaultFields}&sort=-creationDate&status=pending,held`],
    ['ticketType=dispute', `?offset=0&limit=20&${defaultFields}&sort=-creationDate&ticketType=dispute`],
    ['categoryId=TAL', `?offset=0&limit=20&${defaultFields}&sort=-creationDate&categoryId=TAL`],
    ['externalId=EINS-2026-000042', `?offset=0&limit=20&${defaultFields}&sort=-creationDate&externalIdentifier.id=EINS-2026-000042`],
    ['createdFrom=2026-10-05', `?offset=0&limit=20&${defaultFields}&sort=-creationDate&creationDate.gte=2026-10-05T00:00:00+02:00`],
    ['createdTo=2026-10-31', `?offset=0&limit=20&${defaultFields}&sort=-creationDate&creationDate.lt=2026-11-01T00:00:00+01:00`],
    ['columns=id,status', '?offset=0&limit=20&fields=id,status&sort=-creationDate'],
    ['columns=description', '?offset=0&limit=20&fields=id,description&sort=-creationDate'],
    ['sort=status', `?offset=0&limit=20&${defaultFields}&sort=status`],
    ['sort=-lastUpdateDate', `?offset=0&limit=20&${defaultFields}&sort=-lastUpdateDate`],
    ['sort=-lastUpdate', `?offset=0&limit=20&${defaultFields}&sort=-creationDate`],
    ['columns=name,severity,priority,channel', '?offset=0&limit=20&fields=id,name,severity,priority,channel&sort=-creationDate'],
    ['sort=severity', `?offset=0&limit=20&${defaultFields}&sort=severity`],
    ['sort=-priority', `?offset=0&limit=20&${defaultFields}&sort=-priority`],
    ['sort=name', `?offset=0&limit=20&${defaultFields}&sort=name`],
    ['sort=channel', `?offset=0&limit=20&${defaultFields}&sort=channel.name`],
    ['severity=Major', `?offset=0&limit=20&${defaultFields}&sort=-creationDate&severity=Major`],
    ['priority=High', `?offset=0&limit=20&${defaultFields}&sort=-creationDate&priority=High`],
    ['channel=E-Mail', `?offset=0&limit=20&${defaultFields}&sort=-creationDate&channel.name=E-Mail`],
    ['sort=description', `?offset=0&limit=20&${defaultFields}&sort=-creationDate`],
    ['page=3', `?offset=40&limit=20&${defaultFields}&sort=-creationDate`],
    ['pageSize=100&page=2', `?offset=100&limit=100&${defaultFields}&sort=-creationDate`],
    ['pageSize=1000', `?offset=0&limit=20&${defaultFields}&sort=-creationDate`],
  ])('/tickets?%s asks %s', (address, expected) => {
    expect(serviceQuery(address)).toBe(expected);
  });

  it('encodes what it sends: a + in an offset and a comma inside one value do not change meaning', () => {
    const sent = listQueryString(listQuery(state('createdFrom=2026-01-10&externalId=A%2CB')));
    expect(sent).toContain('creationDate.gte=2026-01-10T00%3A00%3A00%2B01%3A00');
    expect(sent).toContain('externalIdentifier.id=A%2CB');
  });

  it('keeps every filter together, in one request', () => {
    const all = 'status=acknowledged,inProgress&ticketType=fault&categoryId=BSA-VD&externalId=X-1&createdFrom=2026-03-01&createdTo=2026-03-29';
    const params = new URLSearchParams(listQueryString(listQuery(state(all))));
    expect(Object.fromEntries(params)).toMatchObject({
      status: 'acknowledged,inProgress',
      ticketType: 'fault',
      categoryId: 'BSA-VD',
      'externalIdentifier.id': 'X-1',
      // 29 March 2026 is the day Berlin moves to summer time: the day after starts at +02:00.
      'creationDate.gte': '2026-03-01T00:00:00+01:00',
      'creationDate.lt': '2026-03-30T00:00:00+02:00',
    });
  });
});

describe('the plain fields the list filters and sorts by, from the field table', () => {
  it('filters by the fields the table gives a filter', () => {
    expect(ticketFilterNames).toEqual(ticketFieldNames.filter((name) => ticketField(name).filter !== undefined));
    const before = ['severity', 'priority', 'categoryId'];
    expect(ticketFilterNames.filter((name) => before.includes(name))).toEqual(before);
  });

  it.each(ticketFilterNames)('%s=X asks the service for %s=X, up to the bound the schema or the table sets', (name: TicketFilterName) => {
    const max = maxLengthOf(name)!;
    const known: Partial<Record<TicketFilterName, number>> = { severity: 60, priority: 60, categoryId: 8 };
    if (known[name] === undefined) expect(max).toBeGreaterThan(0);
    else expect(max).toBe(known[name]);
    expect(serviceQuery(`${name}=${'x'.repeat(max)}`)).toBe(`?offset=0&limit=20&${defaultFields}&sort=-creationDate&${name}=${'x'.repeat(max)}`);
    expect(serviceQuery(`${name}=${'x'.repeat(max + 1)}`)).toBe(`?offset=0&limit=20&${defaultFields}&sort=-creationDate`);
  });

  it('offers to sort by the table’s `list` sorts and the hand-written columns, and not by the others', () => {
    const plain = Object.entries(ticketFields).filter(([, field]) => 'column' in field);
    expect(ticketListDefinition.sortable.filter((column) => plain.some(([name]) => name === column))).toEqual(
      plain.filter(([, field]) => 'sort' in field && field.sort === 'list').map(([name]) => name),
    );
    expect(ticketListDefinition.columns.filter((column) => !ticketListDefinition.sortable.includes(column))).toEqual([
      'externalIdentifier',
      'description',
      'statusChangeReason',
    ]);
  });

  it.each(ticketListDefinition.sortable)('the sortable column %s is one the service sorts by', (column) => {
    expect(ticketSortFields.fields).toContain(columnSortFields[column as TicketColumn] ?? column);
  });

  it('asks for a column’s older spelling too', () => {
    expect(serviceQuery('columns=lastUpdateDate')).toBe('?offset=0&limit=20&fields=id,lastUpdateDate,lastUpdate&sort=-creationDate');
  });
});

describe('list address round trip', () => {
  it.each([
    ['status=acknowledged,inProgress,pending,held,resolved,closed,rejected,cancelled,failed'],
    ['ticketType=fault,dispute'],
    ['status=pending&ticketType=dispute&externalId=EINS-2026-1&categoryId=TAL&createdFrom=2026-10-01&createdTo=2026-10-31'],
    ['externalId=M%C3%BCller%20%26%20S%C3%B6hne'],
    ['sort=id&columns=id,status,description&pageSize=50&page=9'],
    ['severity=Major&priority=High&channel=Partnerportal&sort=-channel&columns=id,name,severity,priority,channel'],
  ])('%s', (address) => {
    expect(serialiseListState(ticketListDefinition, state(address))).toBe(address);
  });

  it('reads the overview’s and the wizard’s links', () => {
    expect(state('status=inProgress').filters).toEqual({ status: ['inProgress'] });
    expect(state('externalId=EINS-2026-900001').filters).toEqual({ externalId: 'EINS-2026-900001' });
  });

  it.each([
    ['categoryId=123456789', {}],
    [`severity=${'x'.repeat(61)}`, {}],
    [`severity=${'x'.repeat(60)}`, { severity: 'x'.repeat(60) }],
    [`channel=${'x'.repeat(61)}`, {}],
    [`priority=${'x'.repeat(61)}`, {}],
    [`externalId=${'x'.repeat(37)}`, {}],
    [`externalId=${'x'.repeat(36)}`, { externalId: 'x'.repeat(36) }],
    ['createdFrom=2026-02-29', {}],
    ['ticketType=TroubleTicket', {}],
  ])('ignores what the service could never match: %s', (address, filters) => {
    expect(state(address).filters).toEqual(filters);
  });
});

describe('startOfLocalDay', () => {
  it.each([
    ['2026-01-15', 0, '2026-01-15T00:00:00+01:00'],
    ['2026-07-15', 0, '2026-07-15T00:00:00+02:00'],
    ['2026-10-24', 1, '2026-10-25T00:00:00+02:00'],
    ['2026-10-25', 1, '2026-10-26T00:00:00+01:00'],
    ['2026-12-31', 1, '2027-01-01T00:00:00+01:00'],
  ])('%s plus %i day(s) starts at %s', (day, plus, expected) => {
    expect(startOfLocalDay(day, plus)).toBe(expected);
  });
});
