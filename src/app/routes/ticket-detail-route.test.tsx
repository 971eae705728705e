/** The ticket detail page shows every field of a ticket in readable groups, local times with their zone, both languages. */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../lib/i18n';
import { renderApp } from '../../testing/render-app';
import { group, rows, setUpDetailTests, summary, valueOf } from '../../testing/ticket-detail-service';

setUpDetailTests();

async function open(id: string) {
  const view = renderApp(`/tickets/${id}`);
  await screen.findByRole('region', { name: 'Ticket' });
  return view;
}

describe('a ticket with every field', () => {
  it('names the ticket in the h1 and the tab, with its status, since when and why', async () => {
    await open('tt-0002');
    expect(screen.getByRole('heading', { level: 1, name: 'Ticket tt-0002' })).toBeInTheDocument();
    expect(document.title).toBe('Ticket tt-0002 – Trouble Ticket Desk');
    const status = valueOf(summary(), 'Status');
    expect(status).toHaveTextContent(/^In progress$/);
    const since = screen.getByText(/^Status since/).parentElement as HTMLElement;
    expect(since).toHaveTextContent('Status since 1 Dec 2026, 11:05 CET');
    expect(since).toHaveTextContent('Reason: Technician assigned');
  });

  it('shows the ticket group: kind, type, external id with owner and type, texts, line, flags and billing items', async () => {
    await open('tt-0002');
    // No "Type: Fault ticket" beside "Ticket type: Fault": one wording (issue 37).
    expect(rows(group('Ticket'))).toEqual({
      'Ticket type': 'Fault',
      Name: 'Totalausfall Köln',
      // The provider's own words as received, quoted (issue 37).
      Severity: '“Major”',
      Priority: '“High”',
      Channel: '“B2B interface” (CH-API)',
      'External identifier': 'EXT-0002 (Owner: Beispiel Carrier GmbH, Identifier type: “buyerTicketId”)',
      'Category ID': 'CAT-01',
      Description: 'No sync since 06:00; modem LEDs red.',
      'Access line ID': 'DEU.DTAG.ABC1234567',
      'Network termination location': 'Basement, room 2, left wall',
      'Express fault resolution': 'One-time express',
      'End-user contact allowed': 'Yes',
      'End-user appointment necessary': 'Yes',
      'Interim messages requested': 'Yes',
      'Billing items': 'BI-1BI-2',
    });
    const billing = within(valueOf(group('Ticket'), 'Billing items')).getAllByRole('listitem');
    expect(billing.map((item) => item.textContent)).toEqual(['BI-1', 'BI-2']);
  });

  it('shows every date in local time with its zone, and the exact value in a <time> element', async () => {
    await open('tt-0002');
    expect(rows(group('Dates'))).toEqual({
      Created: '1 Dec 2026, 11:00 CET',
      'Last update': '1 Dec 2026, 11:05 CET',
      'Requested resolution date': '3 Dec 2026, 18:00 CET',
      'Expected resolution': '2 Dec 2026, 18:00 CET',
      Resolved: '2 Dec 2026, 17:00 CET',
    });
    const created = within(valueOf(group('Dates'), 'Created')).getByText(/1 Dec 2026/);
    expect(created.tagName).toBe('TIME');
    expect(created).toHaveAttribute('datetime', '2026-12-01T10:00:00Z');
    expect(created).toHaveAttribute('title', '2026-12-01T10:00:00Z');
  });

  it('shows the agreements, in full and as a reference', async () => {
    await open('tt-0002');
    const agreements = group('Agreements');
    const items = within(agreements).getAllByRole('listitem');
    expect(within(items[0]!).getByRole('heading', { level: 3 })).toHaveTextContent('Rahmenvertrag Vorleistung 2026');
    expect(rows(items[0]!)).toEqual({
      'Agreement type': 'Buyer service contract',
      'Business ID': 'RV-2026-0042',
      'Engaged organization': 'ORG-0042',
    });
    expect(within(items[1]!).getByRole('heading', { level: 3 })).toHaveTextContent('Agreement reference agr-0001');
  });

  it('shows each contact by role, person or organization, with phone, email and postal address readable', async () => {
    await open('tt-0002');
    const contacts = group('Contacts');
    const [person, company] = within(contacts).getAllByRole('listitem');
    expect(within(person!).getByRole('heading', { level: 3 })).toHaveTextContent('Location A contact');
    expect(rows(person!)).toEqual({
      Kind: 'Person',
      Name: 'Frau Dr. Anna Müller',
      'Phone (landline)': '+49 221 1234567 (preferred)',
      Email: 'anna.mueller@example.com',
      'Postal address': 'Domkloster 4a50667 KölnAltstadt-NordDE',
    });
    const lines = valueOf(person!, 'Postal address').querySelectorAll('.detail-lines__line');
    expect([...lines].map((line) => line.textContent)).toEqual(['Domkloster 4a', '50667 Köln', 'Altstadt-Nord', 'DE']);
    expect(within(company!).getByRole('heading', { level: 3 })).toHaveTextContent('Order management contact (buyer)');
    expect(rows(company!)).toEqual({ Kind: 'Organization', Name: 'Beispiel Carrier GmbH', 'Phone (mobile)': '+49 221 1234567 (preferred)' });
  });

  it('shows related entities by role, the questionnaire, appointment and time slot', async () => {
    await open('tt-0002');
    expect(rows(group('Related entities'))).toEqual({
      'Affected product': 'Product prod-0001',
      Diagnosis: 'Product test test-0001',
      'Optional services': 'Express-Entstörung',
    });
    expect(rows(group('Questionnaire'))).toEqual({ 'Question Q1': 'Answer A2' });
    expect(rows(group('Appointment and time slot'))).toEqual({
      'Requested time slot': '1 Dec 2026, 08:00 CET to 1 Dec 2026, 12:00 CET',
      Appointment: '2 Dec 2026, 10:00 CET to 2 Dec 2026, 12:00 CET',
      'Appointment details': 'Technician at the building entrance',
    });
  });

  it('shows notes with author, date and text, and attachments (a file link, a reference)', async () => {
    await open('tt-0002');
    const note = within(group('Notes')).getByRole('listitem');
    expect(note).toHaveTextContent('Provider NOC, 1 Dec 2026, 11:05 CET');
    expect(note).toHaveTextContent('Line test started.');
    const [file, reference] = within(group('Attachments')).getAllByRole('listitem');
    expect(within(file!).getByRole('link', { name: 'line-test.pdf' })).toHaveAttribute('href', 'https://files.example.com/line-test.pdf');
    expect(rows(file!)).toEqual({
      'File type': 'application/pdf',
      Valid: '30 Nov 2026, 11:00 CET to 30 Nov 2027, 11:00 CET',
      Description: 'Not provided',
    });
    expect(reference).toHaveTextContent('Attachment reference att-0001');
  });

  it('says a fault has no related tickets', async () => {
    await open('tt-0002');
    expect(group('Related tickets')).toHaveTextContent(/^Related ticketsNone$/);
  });

  it('has one h2 per group, in reading order', async () => {
    await open('tt-0002');
    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(headings).toEqual([
      'Ticket',
      'Related tickets',
      'Dates',
      'Status history',
      'Notes',
      'Contacts',
      'Related entities',
      'Appointment and time slot',
      'Questionnaire',
      'Agreements',
      'Attachments',
    ]);
  });
});

describe('a dispute', () => {
  it('links to the ticket it disputes and shows the dispute reason', async () => {
    await open('tt-0003');
    const related = group('Related tickets');
    expect(rows(related)).toEqual({ Disputes: 'Ticket tt-0001 (Original fault)' });
    expect(within(related).getByRole('link', { name: 'Ticket tt-0001' })).toHaveAttribute('href', '/tickets/tt-0001');
    expect(valueOf(group('Ticket'), 'Dispute reason')).toHaveTextContent('The line still drops every evening.');
    expect(valueOf(group('Ticket'), 'Ticket type')).toHaveTextContent('Dispute');
  });

  it('the link opens the disputed ticket', async () => {
    const { router } = await open('tt-0003');
    within(group('Related tickets')).getByRole('link', { name: 'Ticket tt-0001' }).click();
    expect(await screen.findByRole('heading', { level: 1, name: 'Ticket tt-0001' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/tickets/tt-0001');
    // tt-0001 is not in the stub service: the page says so rather than showing tt-0003's data.
    expect(await screen.findByText('No such ticket')).toBeInTheDocument();
  });
});

describe('a ticket with only the required fields', () => {
  it('says "Not provided" for every absent optional value and "None" for every empty group', async () => {
    await open('tt-0004');
    const status = valueOf(summary(), 'Status');
    expect(status).toHaveTextContent(/^Not provided$/);
    expect(screen.queryByText(/^Status since/)).not.toBeInTheDocument();
    // No "Type: Fault ticket" beside "Ticket type: Fault": one wording (issue 37).
    expect(rows(group('Ticket'))).toEqual({
      'Ticket type': 'Fault',
      Name: 'Not provided',
      Severity: 'Not provided',
      Priority: 'Not provided',
      Channel: 'Not provided',
      'External identifier': 'EXT-0001',
      'Category ID': 'Not provided',
      Description: 'Not provided',
      'Access line ID': 'Not provided',
      'Network termination location': 'Not provided',
      'Express fault resolution': 'Not provided',
      'End-user contact allowed': 'Not provided',
      'End-user appointment necessary': 'Not provided',
      'Interim messages requested': 'Not provided',
      'Billing items': 'None',
    });
    expect(Object.values(rows(group('Dates')))).toEqual(Array(5).fill('Not provided'));
    expect(rows(group('Appointment and time slot'))).toEqual({
      'Requested time slot': 'Not provided',
      Appointment: 'Not provided',
      'Appointment details': 'Not provided',
    });
    for (const name of ['Related tickets', 'Notes', 'Questionnaire', 'Attachments']) {
      expect(group(name)).toHaveTextContent(new RegExp(`^${name}None$`));
    }
    expect(group('Status history')).toHaveTextContent('No status changes recorded.');
    // What the minimal fault does carry is still shown.
    expect(within(group('Agreements')).getByRole('heading', { level: 3 })).toHaveTextContent('Agreement reference agr-0001');
    expect(rows(group('Contacts'))).toMatchObject({ Name: 'Beispiel Carrier GmbH', 'Contact details': 'None' });
    expect(rows(group('Related entities'))).toEqual({ 'Affected product': 'Product prod-0001' });
  });
});

describe('in German', () => {
  it('uses German words and German date formats', async () => {
    await i18n.changeLanguage('de');
    renderApp('/tickets/tt-0002');
    const ticket = await screen.findByRole('region', { name: 'Ticket' });
    expect(screen.getByRole('heading', { level: 1, name: 'Ticket tt-0002' })).toBeInTheDocument();
    expect(valueOf(ticket, 'Express-Entstörung')).toHaveTextContent('Einmalige Expressentstörung');
    expect(valueOf(ticket, 'Kontakt zum Endkunden erlaubt')).toHaveTextContent('Ja');
    expect(rows(group('Zeitpunkte'))).toMatchObject({ Angelegt: '1. Dez. 2026, 11:00 MEZ' });
    expect(screen.getByRole('link', { name: 'Zurück zur Ticketliste' })).toHaveAttribute('href', '/tickets');
    expect(group('Statusverlauf')).toHaveTextContent('Grund: Technician assigned');
  });
});
