/**
 * The detail page reads every dialect: each spelling and shape a service may send, mapped to what the agent sees
 * (docs/decisions/0027). The reader's own rules are tested in src/domain/ticket-reader.test.ts.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../testing/render-app';
import { group, rows, setUpDetailTests, tickets } from '../../testing/ticket-detail-service';

setUpDetailTests();

async function show(answer: Record<string, unknown>) {
  tickets.set('X-1', { id: 'X-1', ...answer });
  renderApp('/tickets/X-1');
  return screen.findByRole('region', { name: 'Ticket' });
}

describe('each spelling and shape, as the page shows it', () => {
  it.each([
    ['lastUpdateDate (v5)', { lastUpdateDate: '2026-12-01T10:05:00Z' }],
    ['lastUpdate (older)', { lastUpdate: '2026-12-01T10:05:00Z' }],
  ])('%s: "Last update" in the dates', async (_case, answer) => {
    await show(answer);
    expect(rows(group('Dates'))['Last update']).toBe('1 Dec 2026, 11:05 CET');
  });

  it.each([
    ['externalIdentifier of @type ExternalIdentifier', { externalIdentifier: [{ '@type': 'ExternalIdentifier', id: 'EXT-1', owner: 'Buyer' }] }, 'EXT-1 (Owner: Buyer)'],
    ['externalIdentifier of another @type', { externalIdentifier: [{ '@type': 'BuyerReference', id: 'EXT-1' }] }, 'EXT-1 (type BuyerReference)'],
    ['externalId, a string', { externalId: 'EXT-1' }, 'EXT-1'],
  ])('%s: the external identifier', async (_case, answer, shown) => {
    const ticket = await show(answer);
    expect(rows(ticket)['External identifier']).toBe(shown);
  });

  it.each([
    ['statusChange (v5)', { statusChange: [{ status: 'acknowledged', changeDate: '2026-12-01T10:00:00Z', changeReason: 'Received' }, { status: 'Pending', changeDate: '2026-12-01T11:00:00Z' }] }],
    ['statusChangeHistory (older)', { statusChangeHistory: [{ status: 'Acknowledged', statusChangeDate: '2026-12-01T10:00:00Z', statusChangeReason: 'Received' }, { status: 'PENDING', statusChangeDate: '2026-12-01T11:00:00Z' }] }],
  ])('%s: the status history, statuses in any letter case', async (_case, answer) => {
    await show(answer);
    // Each entry's lines (badge and time; reason) joined with a space, as a screen reader reads them.
    const text = (step: HTMLElement) => [...step.querySelectorAll('p')].map((line) => line.textContent?.replace(/\s+/g, ' ').trim()).join(' ');
    const steps = within(group('Status history')).getAllByRole('listitem').map(text);
    expect(steps).toEqual(['Acknowledged 1 Dec 2026, 11:00 CET Reason: Received', 'Pending 1 Dec 2026, 12:00 CET']);
  });

  it('name, severity, priority and channel', async () => {
    const ticket = await show({ name: 'Line down', severity: 'Major', priority: 2, channel: { id: 'CH-1', name: 'E-Mail' } });
    expect(rows(ticket)).toMatchObject({ Name: 'Line down', Severity: '“Major”', Priority: '“2”', Channel: '“E-Mail” (CH-1)' });
  });

  it('any @type is named as it came', async () => {
    const ticket = await show({ '@type': 'WholesaleFaultTicket' });
    expect(rows(ticket).Type).toBe('WholesaleFaultTicket');
  });

  it('parties in reference form: name, role, kind and id', async () => {
    await show({
      relatedParty: [
        { id: 'P-1', href: '/party/P-1', name: 'Vodafone GmbH', role: 'orderManagementBuyerContact', '@referredType': 'Organization' },
        { role: 'reporter', partyOrPartyRole: { '@type': 'PartyRef', id: 'P-9', name: 'Anna Schmidt', '@referredType': 'Individual' } },
      ],
    });
    const contacts = group('Contacts');
    const [buyer, reporter] = within(contacts).getAllByRole('listitem');
    expect(within(buyer!).getByRole('heading', { level: 3 })).toHaveTextContent('Order management contact (buyer)');
    expect(rows(buyer!)).toEqual({ Kind: 'Organization', Name: 'Vodafone GmbH', Identifier: 'P-1', 'Address at the service': '/party/P-1' });
    expect(within(reporter!).getByRole('heading', { level: 3 })).toHaveTextContent('reporter');
    expect(rows(reporter!)).toEqual({ Kind: 'Person', Name: 'Anna Schmidt', Identifier: 'P-9' });
  });

  it('entities in reference form: name, type and id, under their role', async () => {
    await show({
      relatedEntity: [
        { id: 'SVC-9', name: 'Internet 250', role: 'affectedService', '@referredType': 'Service' },
        { role: 'affectedProduct', entity: { '@type': 'EntityRef', id: 'PRD-1', '@referredType': 'Product' } },
      ],
    });
    expect(rows(group('Related entities'))).toEqual({ 'Affected product': 'Product PRD-1', affectedService: 'Internet 250 (Service SVC-9)' });
  });

  it('attachments by value and by reference; only an http(s) address becomes a link', async () => {
    await show({
      attachment: [
        { name: 'protocol.pdf', url: 'https://files.example/protocol.pdf', mimeType: 'application/pdf', description: 'Line test' },
        { name: 'script', url: 'javascript:alert(1)' },
        { name: 'inline', url: 'data:text/html,<b>x</b>' },
        { '@type': 'AttachmentRef', id: 'ATT-5' },
      ],
    });
    const attachments = group('Attachments');
    expect(within(attachments).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['protocol.pdf', 'https://files.example/protocol.pdf'],
    ]);
    const titles = within(attachments).getAllByRole('heading', { level: 3 }).map((title) => title.textContent);
    expect(titles).toEqual(['protocol.pdf', 'script', 'inline', 'Attachment reference ATT-5']);
    expect(within(attachments).getAllByText('javascript:alert(1)')).toHaveLength(1);
    expect(within(attachments).getAllByText('data:text/html,<b>x</b>')).toHaveLength(1);
  });

  it('an answer whose every field is unknown: each under "Other details from the service"', async () => {
    await show({ slaLevel: 'gold', troubleTicketCharacteristic: [{ name: 'speed', value: 100 }], isUrgent: true });
    expect(rows(group('Other details from the service'))).toEqual({
      slaLevel: 'gold',
      troubleTicketCharacteristic: '[{"name":"speed","value":100}]',
      isUrgent: 'true',
    });
    expect(rows(group('Dates'))['Last update']).toBe('Not provided');
  });
});
