/**
 * One label per plain ticket field (issue 31): the ticket page's rows, the list's headers, its column chooser, its
 * filters and their chips name each field of the field table (src/domain/ticket-fields.ts) in the same words, and the
 * page shows each value as the table says, in English and in German.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { sampleOf } from '../../domain/ticket-field-samples';
import { detailFieldsOf, ticketColumnNames, ticketField, ticketFieldNames, ticketFilterNames, type TicketFieldName } from '../../domain/ticket-fields';
import { i18n } from '../../lib/i18n';
import { createdTicket } from '../../testing/fixtures';
import { renderApp } from '../../testing/render-app';
import { base, disputeTicket, server, setUpDetailTests } from '../../testing/ticket-detail-service';
import { shownHeaders } from '../../testing/ticket-list-service';

setUpDetailTests();

type Words = { en: string; de: string };

/** The label an agent reads for each plain field; every field of the table must be here (the type says so). */
const labels: Record<TicketFieldName, Words> = {
  name: { en: 'Name', de: 'Name' },
  severity: { en: 'Severity', de: 'Schweregrad' },
  priority: { en: 'Priority', de: 'Priorität' },
  categoryId: { en: 'Category ID', de: 'Kategorie-ID' },
  description: { en: 'Description', de: 'Beschreibung' },
  resolutionDisputeReason: { en: 'Dispute reason', de: 'Reklamationsgrund' },
  accessLineId: { en: 'Access line ID', de: 'Anschlusskennung (Line-ID)' },
  networkTerminationLocation: { en: 'Network termination location', de: 'Lage des Netzabschlusses' },
  expressFaultResolution: { en: 'Express fault resolution', de: 'Express-Entstörung' },
  endUserContactAllowed: { en: 'End-user contact allowed', de: 'Kontakt zum Endkunden erlaubt' },
  endUserAppointmentIsNecessary: { en: 'End-user appointment necessary', de: 'Termin beim Endkunden nötig' },
  interimMessagesRequested: { en: 'Interim messages requested', de: 'Zwischenmeldungen gewünscht' },
  creationDate: { en: 'Created', de: 'Angelegt' },
  lastUpdateDate: { en: 'Last update', de: 'Zuletzt geändert' },
  requestedResolutionDate: { en: 'Requested resolution date', de: 'Gewünschter Lösungstermin' },
  expectedResolutionDate: { en: 'Expected resolution', de: 'Erwartete Entstörung' },
  resolutionDate: { en: 'Resolved', de: 'Entstört' },
  statusChangeDate: { en: 'Status since', de: 'Status seit' },
  statusChangeReason: { en: 'Reason for the status', de: 'Grund für den Status' },
};

/** What the page shows for ticket tt-0002 (the dispute reason: the dispute tt-0003's), in Berlin time. */
const values: Partial<Record<TicketFieldName, Words>> = {
  name: { en: 'Totalausfall Köln', de: 'Totalausfall Köln' },
  // The provider's own words, as received, in the language's quotation marks (issue 37).
  severity: { en: '“Major”', de: '„Major“' },
  priority: { en: '“High”', de: '„High“' },
  categoryId: { en: 'CAT-01', de: 'CAT-01' },
  description: { en: 'No sync since 06:00; modem LEDs red.', de: 'No sync since 06:00; modem LEDs red.' },
  accessLineId: { en: 'DEU.DTAG.ABC1234567', de: 'DEU.DTAG.ABC1234567' },
  networkTerminationLocation: { en: 'Basement, room 2, left wall', de: 'Basement, room 2, left wall' },
  expressFaultResolution: { en: 'One-time express', de: 'Einmalige Expressentstörung' },
  endUserContactAllowed: { en: 'Yes', de: 'Ja' },
  endUserAppointmentIsNecessary: { en: 'Yes', de: 'Ja' },
  interimMessagesRequested: { en: 'Yes', de: 'Ja' },
  creationDate: { en: '1 Dec 2026, 11:00 CET', de: '1. Dez. 2026, 11:00 MEZ' },
  lastUpdateDate: { en: '1 Dec 2026, 11:05 CET', de: '1. Dez. 2026, 11:05 MEZ' },
  requestedResolutionDate: { en: '3 Dec 2026, 18:00 CET', de: '3. Dez. 2026, 18:00 MEZ' },
  expectedResolutionDate: { en: '2 Dec 2026, 18:00 CET', de: '2. Dez. 2026, 18:00 MEZ' },
  resolutionDate: { en: '2 Dec 2026, 17:00 CET', de: '2. Dez. 2026, 17:00 MEZ' },
};

/** A text is shown as it came: a field not named above shows its sample (createdTicket's value) in both languages. */
function valueOf(name: TicketFieldName): Words {
  const sample = String(sampleOf(name));
  if (values[name] === undefined && ['text', 'longText', 'word'].includes(ticketField(name).show)) return { en: sample, de: sample };
  return values[name]!;
}

/** The help under each filter's label. */
const hints: Record<(typeof ticketFilterNames)[number], Words> = {
  severity: { en: 'Exactly as the service words it, for example Major', de: 'Genau so, wie der Dienst ihn benennt, zum Beispiel Major' },
  priority: { en: 'Exactly as the service words it, for example High', de: 'Genau so, wie der Dienst sie benennt, zum Beispiel High' },
  categoryId: { en: 'Exactly as the service stores it, for example TAL', de: 'Genau so, wie der Dienst sie speichert, zum Beispiel TAL' },
};

/** The hand-written rows and columns around the plain ones. */
const own = {
  ticketType: { en: 'Ticket type', de: 'Tickettyp' },
  ticketTypeColumn: { en: 'Ticket type', de: 'Tickettyp' },
  externalIdentifier: { en: 'External identifier', de: 'Externe Kennung' },
  channel: { en: 'Channel', de: 'Kanal' },
  billingItem: { en: 'Billing items', de: 'Rechnungsposten' },
  id: { en: 'Ticket', de: 'Ticket' },
  status: { en: 'Status', de: 'Status' },
} satisfies Record<string, Words>;

const terms = (within_: HTMLElement) => within(within_).getAllByRole('term').map((term) => term.textContent);
/** The value beside a label in a group (the label's mark of a change aside). */
const valueBeside = (region: HTMLElement, label: string) =>
  within(region)
    .getAllByRole('term')
    .find((term) => term.textContent === label)
    ?.nextElementSibling?.textContent;

describe.each(['en', 'de'] as const)('plain field labels in %s', (language) => {
  const label = (name: TicketFieldName) => labels[name][language];
  const word = (words: Words) => words[language];
  const groupName = { ticket: { en: 'Ticket', de: 'Ticket' }, dates: { en: 'Dates', de: 'Zeitpunkte' } } as const;

  it.each(['ticket', 'dates'] as const)('the ticket page’s “%s” group names and shows each of its plain fields as the table does', async (place) => {
    await i18n.changeLanguage(language);
    renderApp('/tickets/tt-0002');
    const region = await screen.findByRole('region', { name: word(groupName[place]) });
    const plain = detailFieldsOf(place);
    expect(plain.length).toBeGreaterThan(4);
    // A fault has no dispute reason: its row is not shown (the dispute's page shows it, below).
    const shownPlain = plain.filter((name) => name !== 'resolutionDisputeReason');
    const around = place === 'ticket' ? { before: [own.ticketType, own.externalIdentifier], after: [own.channel, own.billingItem] } : { before: [], after: [] };
    expect(terms(region)).toEqual([...around.before.map(word), ...shownPlain.map(label), ...around.after.map(word)]);
    for (const name of shownPlain) expect([name, valueBeside(region, label(name))]).toEqual([name, word(valueOf(name))]);
  });

  it('a dispute’s page shows its dispute reason under the table’s label', async () => {
    await i18n.changeLanguage(language);
    renderApp('/tickets/tt-0003');
    const region = await screen.findByRole('region', { name: word(groupName.ticket) });
    expect(valueBeside(region, label('resolutionDisputeReason'))).toBe(disputeTicket().resolutionDisputeReason);
  });

  it('the status header shows the header’s plain fields', async () => {
    await i18n.changeLanguage(language);
    renderApp('/tickets/tt-0002');
    await screen.findByRole('region', { name: word(groupName.ticket) });
    expect(detailFieldsOf('header')).toEqual(['statusChangeDate', 'statusChangeReason']);
    // "Status since 1 Dec 2026, 11:05 CET", then "Reason: Technician assigned".
    const since = screen.getByText(new RegExp(`^${label('statusChangeDate')}`)).parentElement as HTMLElement;
    expect(since).toHaveTextContent(`${label('statusChangeDate')} ${word(values.lastUpdateDate!)}`);
    expect(since).toHaveTextContent(createdTicket().statusChangeReason!);
  });

  it('the list names each column, each column to choose, each filter and its chip as the table does', async () => {
    await i18n.changeLanguage(language);
    server.use(http.get(`${base}/troubleTicket`, () => HttpResponse.json([createdTicket()], { headers: { 'X-Total-Count': '1' } })));
    const filterValues = Object.fromEntries(ticketFilterNames.map((name) => [name, `${name.slice(0, 4)}1`]));
    const columns = ['id', 'externalIdentifier', 'status', 'ticketType', ...ticketColumnNames, 'channel'];
    renderApp(`/tickets?columns=${columns.join(',')}&${new URLSearchParams(filterValues).toString()}`);
    await screen.findByRole('table');
    const around = { before: [own.id, own.externalIdentifier, own.status, own.ticketTypeColumn], after: [own.channel] };
    expect(shownHeaders()).toEqual([...around.before.map(word), ...ticketColumnNames.map(label), ...around.after.map(word)]);

    await userEvent.setup().click(screen.getByText(language === 'en' ? 'Columns' : 'Spalten'));
    const chooser = screen.getByRole('group', { name: language === 'en' ? 'Columns to show' : 'Angezeigte Spalten' });
    const boxes = within(chooser).getAllByRole<HTMLInputElement>('checkbox').map((box) => box.labels?.[0]?.textContent);
    expect(boxes).toEqual([...around.before.slice(1).map(word), ...ticketColumnNames.map(label), ...around.after.map(word)]);

    const form = screen.getByRole('form', { name: language === 'en' ? 'Filter tickets' : 'Tickets filtern' });
    expect(ticketFilterNames).toEqual(ticketFieldNames.filter((name) => ticketField(name).filter !== undefined));
    expect(ticketFilterNames.filter((name) => ['severity', 'priority', 'categoryId'].includes(name))).toEqual(['severity', 'priority', 'categoryId']);
    for (const name of ticketFilterNames) {
      const input = within(form).getByRole('textbox', { name: label(name) });
      expect(input).toHaveValue(filterValues[name]);
      expect(input).toHaveAccessibleDescription(word(hints[name]));
    }
    const chips = screen.getByRole('list', { name: language === 'en' ? 'Active filters' : 'Aktive Filter' });
    expect(within(chips).getAllByRole('link').map((chip) => chip.textContent?.replace('×', ''))).toEqual(
      ticketFilterNames.map((name) => `${label(name)}: ${filterValues[name]}`),
    );
  });
});
