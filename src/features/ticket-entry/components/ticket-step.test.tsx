/** Step 1: the ticket type changes what is required at once; errors appear in a focused summary and inline. */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { serveMockService } from '../../../testing/entry-service';
import { continueButton, errorSummary, renderEntry, stepHeading } from '../../../testing/render-entry';

serveMockService();

describe('ticket step', () => {
  it('Continue on the empty step: a focused summary with every problem, the same words inline, nothing cleared', async () => {
    const { user } = renderEntry();
    await stepHeading('Ticket');
    await user.type(screen.getByRole('textbox', { name: /Category ID/ }), 'TOO-LONG-ID');
    await user.click(continueButton());

    const summary = await errorSummary();
    expect(within(summary).getByRole('heading', { name: 'There is a problem' })).toBeInTheDocument();
    expect(summary.parentElement).toHaveFocus();
    const links = within(summary).getAllByRole('link').map((link) => link.textContent);
    expect(links).toEqual(['Select the ticket type', 'External ticket ID: enter a value', 'Category ID: at most 8 characters']);

    const category = screen.getByRole('textbox', { name: /Category ID/ });
    expect(category).toHaveValue('TOO-LONG-ID');
    expect(category).toHaveAttribute('aria-invalid', 'true');
    expect(category).toHaveAccessibleDescription(/Error: Category ID: at most 8 characters/);
    // Still on the first step.
    expect(screen.getByRole('heading', { level: 2, name: /Ticket$/ })).toBeInTheDocument();
  });

  it('a summary link moves focus to its field', async () => {
    const { user } = renderEntry();
    await stepHeading('Ticket');
    await user.click(continueButton());
    const summary = await errorSummary();
    await user.click(within(summary).getByRole('link', { name: 'External ticket ID: enter a value' }));
    expect(screen.getByRole('textbox', { name: /External ticket ID/ })).toHaveFocus();
    await user.click(within(summary).getByRole('link', { name: 'Select the ticket type' }));
    expect(screen.getByRole('radio', { name: 'Fault' })).toHaveFocus();
  });

  it('a dispute asks for the disputed ticket and offers a dispute reason; a fault offers neither', async () => {
    const { user } = renderEntry();
    await stepHeading('Ticket');
    expect(screen.queryByRole('textbox', { name: /Dispute reason/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'Dispute' }));
    expect(screen.getByRole('textbox', { name: 'Disputed ticket ID' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Dispute reason (optional)' })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'External ticket ID' }), 'EXT-1');
    await user.click(continueButton());
    const summary = await errorSummary();
    expect(within(summary).getAllByRole('link').map((link) => link.textContent)).toEqual(['Disputed ticket ID: enter a value']);

    await user.click(screen.getByRole('radio', { name: 'Fault' }));
    expect(screen.queryByRole('textbox', { name: /Disputed ticket ID/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /Dispute reason/ })).not.toBeInTheDocument();
    // The dispute's error went with the field: nothing is left to complain about.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(continueButton());
    expect(await stepHeading('Agreements')).toHaveFocus();
  });

  it('counts the description in characters as the service does (code points), up to 1024', async () => {
    const { user } = renderEntry();
    await stepHeading('Ticket');
    const description = screen.getByRole('textbox', { name: 'Description (optional)' });
    await user.click(description);
    await user.paste('👍'.repeat(1020));
    expect(screen.getByText('You have 4 characters remaining')).toBeInTheDocument();
    await user.paste('ü'.repeat(5));
    expect(screen.getByText('You have 1 character too many')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Fault' }));
    await user.type(screen.getByRole('textbox', { name: 'External ticket ID' }), 'EXT-1');
    await user.click(continueButton());
    const summary = await errorSummary();
    expect(within(summary).getByRole('link', { name: 'Description: at most 1024 characters' })).toBeInTheDocument();
  });

  it('reads a local date and time and shows the zone and the value sent', async () => {
    const { user } = renderEntry();
    await stepHeading('Ticket');
    const date = screen.getByLabelText('Requested resolution date (optional)');
    expect(date).toHaveAttribute('type', 'datetime-local');
    expect(date).toHaveAccessibleDescription(/Local time, time zone/);
    await user.type(date, '2026-12-01T10:30');
    expect(date).toHaveAccessibleDescription(/Sent as 2026-12-01T10:30:00[+-]\d\d:\d\d/);
  });

  it('re-words the errors when the language changes', async () => {
    const { user } = renderEntry();
    await stepHeading('Ticket');
    await user.click(continueButton());
    await errorSummary();
    await i18n.changeLanguage('de');
    const summary = await screen.findByRole('alert');
    expect(within(summary).getByRole('heading', { name: 'Es gibt ein Problem' })).toBeInTheDocument();
    expect(within(summary).getByRole('link', { name: 'Wählen Sie den Tickettyp' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Externe Ticket-ID' })).toHaveAccessibleDescription(
      /Fehler: Externe Ticket-ID: Bitte einen Wert eingeben/,
    );
  });
});
