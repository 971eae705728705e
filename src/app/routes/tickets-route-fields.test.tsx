/** The base TroubleTicket fields on the list: Name, Severity, Priority and Channel as columns, sorted, filtered, exported. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Papa from 'papaparse';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { shownHeaders, shownIds, showList, setUpTicketService, summary } from '../../testing/ticket-list-service';

const service = setUpTicketService();
const columns = '?columns=id,name,severity,priority,channel';

/** The cells of each row, by header: what a person reads in the table. */
function table(): Record<string, string>[] {
  const headers = shownHeaders();
  return screen
    .getAllByRole('row')
    .slice(1)
    .map((row) => {
      const cells = [...within(row).getAllByRole('rowheader'), ...within(row).getAllByRole('cell')].map((cell) => cell.textContent ?? '');
      return Object.fromEntries(headers.map((header, i) => [header, cells[i] ?? '']));
    });
}

describe('the column chooser', () => {
  it('offers Name, Severity, Priority and Channel', async () => {
    const user = userEvent.setup();
    await showList('/tickets');
    await user.click(screen.getByText('Columns'));
    const group = screen.getByRole('group', { name: 'Columns to show' });
    for (const name of ['Name', 'Severity', 'Priority', 'Channel']) expect(within(group).getByRole('checkbox', { name })).not.toBeChecked();
  });

  it('shows the service’s values in them, asking for exactly those fields', async () => {
    await showList(`/tickets${columns}`);
    expect(shownHeaders()).toEqual(['Ticket', 'Name', 'Severity', 'Priority', 'Channel']);
    expect(service.lastListRequest()!.searchParams.get('fields')).toBe('id,name,severity,priority,channel');
    const ticket = service.store.ticket('TT-000240')!;
    const row = table().find((r) => r.Ticket === 'TT-000240')!;
    expect(row).toEqual({ Ticket: 'TT-000240', Name: ticket.name, Severity: ticket.severity, Priority: ticket.priority, Channel: ticket.channel?.name });
  });
});

describe('sorting by the new columns', () => {
  it.each([
    ['Severity', 'severity'],
    ['Priority', 'priority'],
    ['Name', 'name'],
    ['Channel', 'channel.name'],
  ])('%s: a click asks the service for sort=%s and the rows come in that order', async (header, sort) => {
    const user = userEvent.setup();
    await showList(`/tickets${columns}`);
    const values = () => table().map((row) => row[header] ?? '');
    // Newest first, the column is in no order yet: the wait below can only be met by the sorted page.
    expect(values()).not.toEqual([...values()].sort());
    await user.click(screen.getByRole('button', { name: header }));
    await waitFor(() => expect(values()).toEqual([...values()].sort()));
    expect(service.lastListRequest()!.searchParams.get('sort')).toBe(sort);
    expect(screen.getByRole('columnheader', { name: new RegExp(header) })).toHaveAttribute('aria-sort', 'ascending');
  });
});

describe('filtering by the new fields', () => {
  it.each([
    ['Severity', 'Critical', 'severity', (t: { severity?: string }) => t.severity === 'Critical'],
    ['Priority', 'Low', 'priority', (t: { priority?: string }) => t.priority === 'Low'],
    ['Channel', 'E-Mail', 'channel.name', (t: { channel?: { name?: string } }) => t.channel?.name === 'E-Mail'],
  ])('%s "%s" asks %s= and shows only those tickets', async (label, value, parameter, matches) => {
    const user = userEvent.setup();
    await showList(`/tickets${columns}`);
    await user.type(screen.getByRole('textbox', { name: label }), value);
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(service.lastListRequest()!.searchParams.get(parameter)).toBe(value));
    const expected = service.store.tickets().filter(matches).length;
    await waitFor(() => expect(summary()).toHaveTextContent(new RegExp(`of ${expected}$`)));
    expect(shownIds().every((id) => matches(service.store.ticket(id)!))).toBe(true);
  });

  it('a value over 60 characters is refused in the form, naming the field', async () => {
    const user = userEvent.setup();
    await showList('/tickets');
    await user.type(screen.getByRole('textbox', { name: 'Priority' }), 'x'.repeat(61));
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(await screen.findByRole('link', { name: 'Priority: at most 60 characters' })).toBeInTheDocument();
  });
});

describe('the CSV of these columns', () => {
  const downloads: Blob[] = [];
  beforeEach(() => {
    downloads.length = 0;
    Object.defineProperty(URL, 'createObjectURL', { value: (blob: Blob) => (downloads.push(blob), 'blob:test'), configurable: true });
    Object.defineProperty(URL, 'revokeObjectURL', { value: () => {}, configurable: true });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  });
  afterEach(() => {
    Reflect.deleteProperty(URL, 'createObjectURL');
    Reflect.deleteProperty(URL, 'revokeObjectURL');
  });

  it('follows the chosen columns: their headers and the values on screen', async () => {
    const user = userEvent.setup();
    await showList(`/tickets${columns}&severity=Critical`);
    const onScreen = table();
    await user.click(screen.getByRole('button', { name: 'Download CSV of this view' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    const text = new TextDecoder().decode(await downloads[0]!.arrayBuffer());
    const [header, ...rows] = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { newline: '\r\n', skipEmptyLines: true }).data;
    expect(header).toEqual(['Ticket', 'Name', 'Severity', 'Priority', 'Channel']);
    expect(rows.slice(0, onScreen.length)).toEqual(onScreen.map((row) => header!.map((h) => row[h])));
  });
});
