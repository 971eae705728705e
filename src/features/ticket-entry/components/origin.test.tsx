/**
 * A run started from a ticket: the banner names it (with a link) on every step, and a dispute shows the disputed
 * ticket beside the reason only while the disputed ticket ID is still that ticket's; words in English and German.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { disputeValues, faultValues } from '../../../testing/entry-values';
import { serveMockService } from '../../../testing/entry-service';
import { continueButton, renderEntry, stepHeading } from '../../../testing/render-entry';

serveMockService();

const origin = {
  kind: 'dispute',
  ticketId: 'TT-001042',
  status: 'closed',
  resolutionDate: '2026-11-20T15:30:00+01:00',
  statusChangeReason: 'Automatisch geschlossen nach 5 Werktagen ohne Rückmeldung',
} as const;

function disputeOfOrigin() {
  const values = disputeValues();
  values.troubleTicketRelationship = [{ id: origin.ticketId }];
  return values;
}

describe('a run started from a ticket', () => {
  it('a dispute: the banner links to the ticket; its status, resolution date and last reason sit beside the reason', async () => {
    renderEntry(undefined, { draft: { values: disputeOfOrigin(), step: 'ticket', origin } });
    await stepHeading('Ticket');
    expect(document.body).toHaveTextContent(`You are disputing the resolution of ticket ${origin.ticketId}.`);
    expect(screen.getByRole('link', { name: `ticket ${origin.ticketId}` })).toHaveAttribute('href', `/tickets/${origin.ticketId}`);
    const disputed = screen.getByRole('region', { name: `Ticket ${origin.ticketId} as you opened the dispute` });
    expect(within(disputed).getByText('Closed')).toBeInTheDocument();
    expect(within(disputed).getByText(origin.statusChangeReason)).toBeInTheDocument();
    expect(disputed.querySelector('time')).toHaveAttribute('dateTime', origin.resolutionDate);
  });

  it('the disputed ticket goes when the agent disputes another ticket, and comes back with its ID', async () => {
    const { user } = renderEntry(undefined, { draft: { values: disputeOfOrigin(), step: 'ticket', origin } });
    await stepHeading('Ticket');
    const disputedId = screen.getByRole('textbox', { name: 'Disputed ticket ID' });
    await user.clear(disputedId);
    await user.type(disputedId, 'TT-000007');
    expect(screen.queryByRole('region', { name: /as you opened the dispute/ })).not.toBeInTheDocument();
    await user.clear(disputedId);
    await user.type(disputedId, origin.ticketId);
    expect(screen.getByRole('region', { name: /as you opened the dispute/ })).toBeInTheDocument();
  });

  it('a copy: the banner stays on every step; no disputed ticket is shown', async () => {
    const { user } = renderEntry(undefined, { draft: { values: faultValues(), step: 'ticket', origin: { kind: 'copy', ticketId: 'TT-000999' } } });
    await stepHeading('Ticket');
    expect(document.body).toHaveTextContent('The answers are copied from ticket TT-000999.');
    await user.click(continueButton());
    await stepHeading('Agreements');
    expect(document.body).toHaveTextContent('The answers are copied from ticket TT-000999.');
    expect(screen.queryByRole('region', { name: /as you opened the dispute/ })).not.toBeInTheDocument();
  });

  it('in German', async () => {
    await i18n.changeLanguage('de');
    renderEntry(undefined, { draft: { values: disputeOfOrigin(), step: 'ticket', origin } });
    await screen.findByRole('heading', { level: 2, name: /Schritt 1 von 7\s+Ticket$/ });
    expect(document.body).toHaveTextContent(`Sie reklamieren die Lösung von Ticket ${origin.ticketId}.`);
    const disputed = screen.getByRole('region', { name: `Ticket ${origin.ticketId} beim Öffnen der Reklamation` });
    expect(within(disputed).getByText('Geschlossen')).toBeInTheDocument();
    expect(within(disputed).getByText('Gelöst am')).toBeInTheDocument();
  });
});
