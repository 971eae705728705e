/** "Check your answers": every answer per step, "Not provided" for skipped ones, Change links back to the field. */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { emptyValues } from '../model/form-values';
import { faultValues, phoneRow, postalRow } from '../../../testing/entry-values';
import { serveMockService } from '../../../testing/entry-service';
import { continueButton, errorSummary, renderEntry, stepHeading } from '../../../testing/render-entry';

const { store } = serveMockService();

/** The answer shown in the row with this label, within a step's section. */
function answerOf(section: string, label: string): string {
  const region = screen.getByRole('region', { name: section });
  const key = within(region).getByText(label, { selector: 'dt' });
  return key.nextElementSibling?.textContent ?? '';
}

describe('check answers', () => {
  it('shows every answer grouped per step, and "Not provided" for what was skipped', async () => {
    const values = faultValues();
    values.description = 'No sync since 06:00';
    values.relatedParty[0]!.partyOrPartyRole.contactMedium = [phoneRow(), postalRow()];
    values.interimMessagesRequested = 'false';
    renderEntry(undefined, { draft: { values, step: 'check' } });
    await stepHeading('Check your answers');
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Ticket',
      'Agreements',
      'Contacts',
      'Affected product',
      'Questionnaire',
      'Appointment',
    ]);
    expect(answerOf('Ticket', 'Ticket type')).toBe('Fault');
    expect(answerOf('Ticket', 'External ticket ID')).toBe('EXT-0001');
    expect(answerOf('Ticket', 'Description')).toBe('No sync since 06:00');
    expect(answerOf('Ticket', 'Category ID')).toBe('Not provided');
    expect(answerOf('Ticket', 'Requested resolution date')).toBe('Not provided');
    expect(answerOf('Agreements', 'Agreement 1')).toContain('ID of the existing agreement: agr-0001');
    expect(answerOf('Contacts', 'Contact 1')).toBe(
      'Contact at location AIndividual: MüllerPhone, Fixed line: +49 221 1234567 (preferred)Postal address: Domkloster 4a, 50667 Köln, Altstadt-Nord, DE',
    );
    expect(answerOf('Affected product', 'Related entity 1')).toBe('Affected productprod-0001');
    expect(answerOf('Affected product', 'Access line ID')).toBe('Not provided');
    expect(answerOf('Questionnaire', 'Questions and answers')).toBe('None');
    expect(answerOf('Questionnaire', 'Interim messages requested')).toBe('No');
    expect(answerOf('Appointment', 'Appointment')).toBe('No appointment');
    expect(screen.queryByText('Disputed ticket ID')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create fault ticket' })).toBeInTheDocument();
  });

  it('a Change link goes to the step, focuses the field, and Continue comes back to check answers', async () => {
    const { user } = renderEntry(undefined, { draft: { values: faultValues(), step: 'check' } });
    await stepHeading('Check your answers');
    const change = screen.getByRole('link', { name: 'Change Description' });
    expect(change).toHaveTextContent(/^Change/);
    await user.click(change);
    const description = await screen.findByRole('textbox', { name: 'Description (optional)' });
    expect(description).toHaveFocus();
    await user.type(description, 'Red LEDs');
    expect(screen.getByRole('link', { name: 'Back to check your answers' })).toBeInTheDocument();
    await user.click(continueButton());
    expect(await stepHeading('Check your answers')).toHaveFocus();
    expect(answerOf('Ticket', 'Description')).toBe('Red LEDs');

    await user.click(screen.getByRole('link', { name: 'Change Contact 2' }));
    expect(await screen.findAllByRole('combobox', { name: 'Role' })).toHaveLength(2);
    expect(screen.getAllByRole('combobox', { name: 'Role' })[1]).toHaveFocus();
  });

  it('submit checks the whole body: errors of skipped steps are listed with links to their step and field', async () => {
    const { user } = renderEntry('/tickets/new?step=check');
    await stepHeading('Check your answers');
    expect(screen.getByRole('button', { name: 'Create ticket' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create ticket' }));
    const summary = await errorSummary();
    expect(summary.parentElement).toHaveFocus();
    const links = within(summary).getAllByRole('link').map((link) => link.textContent);
    expect(links).toEqual([
      'Select the ticket type',
      'External ticket ID: enter a value',
      'Agreement 1: Select whether this is a new agreement or a reference to an existing one',
    ]);
    expect(store.tickets().length).toBe(240);

    await user.click(within(summary).getByRole('link', { name: 'Agreement 1: Select whether this is a new agreement or a reference to an existing one' }));
    expect(await screen.findByRole('radio', { name: /A new agreement/ })).toHaveFocus();
    expect(screen.getByRole('radio', { name: /A new agreement/ }).closest('fieldset')).toHaveAccessibleDescription(
      'Error: Select whether this is a new agreement or a reference to an existing one',
    );
  });

  it('says when a fault will not send a dispute reason typed earlier', async () => {
    const values = faultValues();
    values.resolutionDisputeReason = 'Typed while it was a dispute';
    renderEntry(undefined, { draft: { values, step: 'check' } });
    await stepHeading('Check your answers');
    expect(screen.getByText(/A fault does not send the dispute reason you typed/)).toBeInTheDocument();
    expect(screen.queryByText('Typed while it was a dispute')).not.toBeInTheDocument();
  });

  it('nothing typed is lost by the empty check: the values stay', async () => {
    const values = emptyValues();
    values.description = 'Keep me';
    const { user } = renderEntry(undefined, { draft: { values, step: 'check' } });
    await stepHeading('Check your answers');
    await user.click(screen.getByRole('button', { name: 'Create ticket' }));
    await errorSummary();
    expect(answerOf('Ticket', 'Description')).toBe('Keep me');
  });
});
