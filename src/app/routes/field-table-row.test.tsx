/**
 * The recipe "Add a field" of ARCHITECTURE.md, applied: one more plain field given only what the recipe names (its
 * schema, its row in the field table, its sample line, its words; src/testing/extra-field.ts) shows up everywhere else
 * with nothing more written: asked in the wizard, sent in the body, shown on the check page, on the ticket page, in the
 * list and its CSV, and seeded, stored and sorted by the mocked service.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Papa from 'papaparse';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { FaultTicketFvo, type FaultTicket } from '../../domain/ticket';
import { ticketFieldNames } from '../../domain/ticket-fields';
import { toBody } from '../../features/ticket-entry/model/to-body';
import { validateEntry } from '../../features/ticket-entry/model/validate';
import { addWords, i18n } from '../../lib/i18n';
import { faultValues, maximalValues } from '../../testing/entry-values';
import { extraField } from '../../testing/extra-field';
import { maximalFault } from '../../testing/fixtures';
import { renderApp } from '../../testing/render-app';
import { renderEntry, stepHeading } from '../../testing/render-entry';
import { createTestClient } from '../../testing/service-client';
import { shownHeaders, showList, setUpTicketService } from '../../testing/ticket-list-service';

vi.mock('../../domain/ticket', async (original) => (await import('../../testing/extra-field')).withExtraSchema(await original()));
vi.mock('../../domain/ticket-fields', async (original) => (await import('../../testing/extra-field')).withExtraRow(await original()));
vi.mock('../../domain/ticket-field-samples', async (original) => (await import('../../testing/extra-field')).withExtraSample(await original()));

const { name, samples, words } = extraField;
const [sample] = samples;
const service = setUpTicketService();
const valueOf = (ticket: unknown) => (ticket as Record<string, unknown>)[name];

beforeAll(() => {
  addWords('en', { fields: { [name]: words.en } });
  addWords('de', { fields: { [name]: words.de } });
});

/** The answer in the row with this label, within a region (a check page section, a ticket page group). */
function answerOf(region: HTMLElement, label: string): string {
  return within(region).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent ?? '';
}

describe(`a field added by the recipe (${name})`, () => {
  it('is a row of the table, and the test fixtures carry its sample', () => {
    expect(ticketFieldNames.at(-1)).toBe(name);
    expect(valueOf(maximalFault())).toBe(sample);
    expect(valueOf(maximalValues())).toBe(sample);
  });

  it('is asked on its step under its label, sent in the body, and valid by its schema', async () => {
    const values = Object.assign(faultValues(), { [name]: sample });
    renderEntry(undefined, { draft: { values, step: 'ticket' } });
    await stepHeading('Ticket');
    expect(screen.getByRole('textbox', { name: `${words.en} (optional)` })).toHaveValue(sample);
    expect(valueOf(toBody(values))).toBe(sample);
    expect(valueOf(validateEntry(values).body)).toBe(sample);
    // Its bound is the schema's: 41 characters are refused, naming the field.
    expect(validateEntry(Object.assign({ ...values }, { [name]: 'x'.repeat(41) })).issues.map((issue) => issue.name)).toContain(name);
  });

  it('is shown on the check page in its step', async () => {
    renderEntry(undefined, { draft: { values: Object.assign(faultValues(), { [name]: sample }), step: 'check' } });
    await stepHeading('Check your answers');
    expect(answerOf(screen.getByRole('region', { name: 'Ticket' }), words.en)).toBe(sample);
  });

  it('is seeded from its samples by the mocked service, stored from a create body, and sorted by', async () => {
    const seeded = service.store.tickets().map(valueOf).filter((value) => value !== undefined);
    expect(seeded.length).toBeGreaterThan(service.store.tickets().length / 2);
    expect(new Set(seeded)).toEqual(new Set(samples));

    const created = service.store.createTicket(FaultTicketFvo.parse({ ...maximalFault(), [name]: 'Created-1' }));
    expect(valueOf(created)).toBe('Created-1');

    const call = createTestClient('http://localhost/tmf-api/troubleTicket/v5');
    for (const [sort, direction] of [[name, 1], [`-${name}`, -1]] as const) {
      const res = await call<FaultTicket[]>(`/troubleTicket?sort=${sort}&limit=100&fields=${name}`);
      expect(res.status).toBe(200);
      const values = res.body.map(valueOf).filter((value): value is string => typeof value === 'string');
      expect(values.length).toBeGreaterThan(1);
      expect(values).toEqual([...values].sort((a, b) => (a < b ? -direction : a > b ? direction : 0)));
    }
  });

  it('is a row of the ticket page, in both languages', async () => {
    const ticket = service.store.tickets().find((t) => valueOf(t) !== undefined)!;
    renderApp(`/tickets/${ticket.id}`);
    const label = await screen.findByText(words.en, { selector: 'dt' }, { timeout: 10_000 });
    expect(label.nextElementSibling?.textContent).toBe(valueOf(ticket));
    await i18n.changeLanguage('de');
    const german = await screen.findByText(words.de, { selector: 'dt' }, { timeout: 10_000 });
    expect(german.nextElementSibling?.textContent).toBe(valueOf(ticket));
  });

  describe('in the list and its CSV', () => {
    const downloads: Blob[] = [];
    const blobs = new Map<string, Blob>();
    beforeEach(() => {
      downloads.length = 0;
      Object.defineProperty(URL, 'createObjectURL', {
        value: (blob: Blob) => {
          const url = `blob:test/${blobs.size + 1}`;
          blobs.set(url, blob);
          return url;
        },
        configurable: true,
      });
      Object.defineProperty(URL, 'revokeObjectURL', { value: () => {}, configurable: true });
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        downloads.push(blobs.get(this.href)!);
      });
    });
    afterEach(() => {
      Reflect.deleteProperty(URL, 'createObjectURL');
      Reflect.deleteProperty(URL, 'revokeObjectURL');
    });

    it('is a column shown by default, sorted by, and a column of the CSV', async () => {
      const user = userEvent.setup();
      await showList(`/tickets?sort=${name}&status=failed,rejected`);
      const headers = shownHeaders();
      expect(headers).toContain(words.en);
      const column = headers.indexOf(words.en);
      const cells = screen
        .getAllByRole('row')
        .slice(1)
        .map((row) => [...within(row).getAllByRole('rowheader'), ...within(row).getAllByRole('cell')][column]?.textContent ?? '');
      const answered = cells.filter((cell) => cell !== '—not provided');
      expect(answered.length).toBeGreaterThan(1);
      expect(answered).toEqual([...answered].sort());
      for (const cell of answered) expect(samples as readonly string[]).toContain(cell);

      await user.click(screen.getByRole('button', { name: 'Download CSV of this view' }));
      await waitFor(() => expect(downloads).toHaveLength(1));
      const text = new TextDecoder().decode(await downloads[0]!.arrayBuffer());
      const [header, ...rows] = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { newline: '\r\n', skipEmptyLines: true }).data;
      expect(header![column]).toBe(words.en);
      const shown = service.store.tickets().filter((t) => t.status === 'failed' || t.status === 'rejected');
      expect(rows.map((row) => row[column]).sort()).toEqual(shown.map((t) => String(valueOf(t) ?? '')).sort());
    });
  });
});
