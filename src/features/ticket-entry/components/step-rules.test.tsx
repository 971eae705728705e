/**
 * The rules of each later step as an agent meets them: fault vs dispute counts (minimum rows, when Add and Remove are
 * offered), full agreement vs reference, role-dependent entity shapes, the time slot's order, contact copying.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { emptyEntity, emptyParty } from '../model/form-values';
import { disputeValues, faultValues, individualRow, organizationRow, postalRow } from '../../../testing/entry-values';
import { serveMockService } from '../../../testing/entry-service';
import { continueButton, errorSummary, renderEntry, stepHeading } from '../../../testing/render-entry';

serveMockService();

const summaryLinks = async () => within(await errorSummary()).getAllByRole('link').map((link) => link.textContent);
const rowHeadings = () => screen.queryAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);

describe('switching the ticket type', () => {
  it('a fault shows 2 contacts and 1 related entity at once; a dispute drops the untouched ones', async () => {
    const { user, router } = renderEntry();
    await stepHeading('Ticket');
    await user.click(screen.getByRole('radio', { name: 'Fault' }));
    await router.navigate('/tickets/new?step=contacts');
    await stepHeading('Contacts');
    expect(rowHeadings()).toEqual(['Contact 1', 'Contact 2']);
    expect(screen.getByText('A fault needs at least 2 contacts (up to 99).')).toBeInTheDocument();
    await user.selectOptions(screen.getAllByRole('combobox', { name: 'Role' })[0]!, 'Installation contact');

    await router.navigate('/tickets/new?step=ticket');
    await user.click(await screen.findByRole('radio', { name: 'Dispute' }));
    await router.navigate('/tickets/new?step=contacts');
    await stepHeading('Contacts');
    // The contact the agent started stays; the untouched second one went.
    expect(rowHeadings()).toEqual(['Contact 1']);
    expect(screen.getByRole('combobox', { name: 'Role' })).toHaveValue('installationContact');
    await router.navigate('/tickets/new?step=product');
    await stepHeading('Affected product');
    expect(screen.getByText('No related entities yet.')).toBeInTheDocument();
  });
});

describe('contacts', () => {
  it('a fault starts with 2 contacts that cannot be removed, and says what is missing in each', async () => {
    const values = faultValues();
    values.relatedParty = [emptyParty(), emptyParty()];
    const { user } = renderEntry(undefined, { draft: { values, step: 'contacts' } });
    await stepHeading('Contacts');
    expect(rowHeadings()).toEqual(['Contact 1', 'Contact 2']);
    expect(screen.queryByRole('button', { name: /^Remove Contact/ })).not.toBeInTheDocument();
    await user.click(continueButton());
    expect(await summaryLinks()).toEqual([
      'Contact 1: Select the role of this contact',
      'Contact 1: Select whether this contact is an individual or an organization',
      'Contact 2: Select the role of this contact',
      'Contact 2: Select whether this contact is an individual or an organization',
    ]);
    // A third contact may be removed again; the first two stay.
    await user.click(screen.getByRole('button', { name: 'Add a contact' }));
    expect(rowHeadings()).toEqual(['Contact 1', 'Contact 2', 'Contact 3']);
    expect(screen.getAllByRole('button', { name: /^Remove Contact/ })).toHaveLength(3);
    await user.click(screen.getByRole('button', { name: 'Remove Contact 3' }));
    expect(rowHeadings()).toEqual(['Contact 1', 'Contact 2']);
    expect(screen.queryByRole('button', { name: /^Remove Contact/ })).not.toBeInTheDocument();
  });

  it('an individual asks for a family name, an organization for its name', async () => {
    const values = faultValues();
    values.relatedParty = [individualRow(), organizationRow()];
    values.relatedParty[0]!.partyOrPartyRole.familyName = '';
    values.relatedParty[1]!.partyOrPartyRole.name = '';
    const { user } = renderEntry(undefined, { draft: { values, step: 'contacts' } });
    await stepHeading('Contacts');
    expect(screen.getAllByRole('textbox', { name: 'Family name' })).toHaveLength(1);
    expect(screen.getAllByRole('textbox', { name: 'Organization name' })).toHaveLength(1);
    await user.click(continueButton());
    expect(await summaryLinks()).toEqual(['Contact 1: Family name: enter a value', 'Contact 2: Organization name: enter a value']);
  });

  it('a dispute may have no contacts at all', async () => {
    const { user } = renderEntry(undefined, { draft: { values: disputeValues(), step: 'contacts' } });
    await stepHeading('Contacts');
    expect(screen.getByText('No contacts yet.')).toBeInTheDocument();
    expect(screen.getByText('A dispute may name up to 99 contacts, or none.')).toBeInTheDocument();
    await user.click(continueButton());
    expect(await stepHeading('Affected product')).toHaveFocus();
  });

  it('too few contacts of a fault is said at the list, and the list is where its link goes', async () => {
    const values = faultValues();
    values.relatedParty = [individualRow()];
    const { user } = renderEntry(undefined, { draft: { values, step: 'contacts' } });
    await stepHeading('Contacts');
    await user.click(continueButton());
    const summary = await errorSummary();
    await user.click(within(summary).getByRole('link', { name: 'Contacts: at least 2 needed' }));
    const list = screen.getByRole('group', { name: /^Contacts/ });
    expect(list).toHaveFocus();
    expect(list).toHaveAccessibleDescription(/Error: Contacts: at least 2 needed/);
  });

  // With 98 rows the page holds thousands of elements: getByRole's accessible-name walk over all of them takes
  // seconds in jsdom, so these two tests find buttons by their text and look inside one row.
  it('stops offering "Add a contact" at 99', async () => {
    const values = disputeValues();
    values.relatedParty = Array.from({ length: 98 }, () => emptyParty());
    const { user } = renderEntry(undefined, { draft: { values, step: 'contacts' } });
    await stepHeading('Contacts');
    await user.click(screen.getByText('Add a contact'));
    expect(screen.queryByText('Add a contact')).not.toBeInTheDocument();
    expect(screen.getByText('You have added the maximum of 99.')).toBeInTheDocument();
    // The new row's first field has focus, and the addition was announced.
    const added = screen.getByText('Contact 99', { selector: 'h3' }).closest('section')!;
    expect(within(added).getByRole('combobox', { name: 'Role' })).toHaveFocus();
    expect(screen.getByText('Contact 99 added.')).toBeInTheDocument();
  }, 45_000);

  it('each kind of contact medium asks for its own fields; the street number takes digits only', async () => {
    const values = faultValues();
    values.relatedParty[0]!.partyOrPartyRole.contactMedium = [{ ...postalRow(), streetNr: '4a' }];
    const { user } = renderEntry(undefined, { draft: { values, step: 'contacts' } });
    await stepHeading('Contacts');
    const contact = screen.getByRole('region', { name: 'Contact 1' });
    await user.click(within(contact).getByRole('button', { name: 'Add a phone number' }));
    expect(within(contact).getByRole('combobox', { name: 'Kind of phone' })).toHaveFocus();
    await user.click(within(contact).getByRole('button', { name: 'Add an email address' }));
    expect(within(contact).getByRole('textbox', { name: 'Email address' })).toHaveFocus();
    await user.click(continueButton());
    expect(await summaryLinks()).toEqual([
      'Contact 1, contact detail 1: House number: 1 to 4 digits',
      'Contact 1, contact detail 2: Select whether the phone is a fixed line or a mobile',
      'Contact 1, contact detail 2: Phone number: enter a value',
      'Contact 1, contact detail 3: Email address: enter a value',
    ]);
  });

  it('copies the contact details of another contact, so nobody types an address twice', async () => {
    const values = faultValues();
    values.relatedParty[0]!.partyOrPartyRole.contactMedium = [postalRow()];
    const { user } = renderEntry(undefined, { draft: { values, step: 'contacts' } });
    await stepHeading('Contacts');
    const second = screen.getByRole('region', { name: 'Contact 2' });
    await user.click(within(second).getByRole('button', { name: 'Copy contact details from another contact' }));
    const from = within(second).getByRole('combobox', { name: 'Copy the contact details of' });
    expect(from).toHaveFocus();
    expect(within(from).getAllByRole('option').map((option) => option.textContent)).toEqual(['Contact 1: Müller']);
    await user.click(within(second).getByRole('button', { name: 'Copy' }));
    expect(within(second).getByRole('textbox', { name: 'Street' })).toHaveValue('Domkloster');
    expect(within(second).getByRole('textbox', { name: 'City' })).toHaveValue('Köln');
    expect(within(second).getByRole('textbox', { name: 'Street' })).toHaveFocus();
    expect(screen.getByText('Copied 1 contact details from Contact 1.')).toBeInTheDocument();
    // A copy, not a shared row: changing it leaves the original alone.
    await user.clear(within(second).getByRole('textbox', { name: 'Street' }));
    await user.type(within(second).getByRole('textbox', { name: 'Street' }), 'Hohe Straße');
    expect(within(screen.getByRole('region', { name: 'Contact 1' })).getByRole('textbox', { name: 'Street' })).toHaveValue('Domkloster');
  });
});

describe('agreements', () => {
  it('a full agreement asks for type, name and business ID; a reference only for its ID', async () => {
    const values = faultValues();
    values.agreement = [{ ...values.agreement[0]!, '@type': '', id: '' }];
    const { user } = renderEntry(undefined, { draft: { values, step: 'agreements' } });
    await stepHeading('Agreements');
    expect(screen.queryByRole('button', { name: 'Remove Agreement 1' })).not.toBeInTheDocument();
    await user.click(continueButton());
    expect(await summaryLinks()).toEqual(['Agreement 1: Select whether this is a new agreement or a reference to an existing one']);

    await user.click(screen.getByRole('radio', { name: 'A new agreement (type, name and business ID)' }));
    await user.type(screen.getByRole('textbox', { name: 'Business ID of the engaged organization (optional)' }), 'ORG-000000001');
    await user.click(continueButton());
    expect(await summaryLinks()).toEqual([
      'Agreement 1: Select the agreement type',
      'Agreement 1: Agreement name: enter a value',
      'Agreement 1: Business ID of the agreement: enter a value',
      'Agreement 1: Business ID of the engaged organization: at most 10 characters',
    ]);

    await user.click(screen.getByRole('radio', { name: 'A reference to an existing agreement' }));
    expect(screen.queryByRole('textbox', { name: 'Agreement name' })).not.toBeInTheDocument();
    await user.click(continueButton());
    expect(await summaryLinks()).toEqual(['Agreement 1: ID of the existing agreement: enter a value']);
    await user.type(screen.getByRole('textbox', { name: 'ID of the existing agreement' }), 'RV-1');
    await user.click(continueButton());
    await stepHeading('Contacts');
  });
});

describe('affected product', () => {
  it.each([
    ['Affected product', 'Product ID'],
    ['Diagnosis (product test)', 'Product test ID'],
    ['Optional service', 'Offering name'],
  ])('a related entity with role "%s" asks for its %s', async (role, label) => {
    const values = faultValues();
    values.relatedEntity = [emptyEntity()];
    const { user } = renderEntry(undefined, { draft: { values, step: 'product' } });
    await stepHeading('Affected product');
    await user.click(continueButton());
    expect(await summaryLinks()).toEqual(['Related entity 1: Select the role of this entity']);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Role' }), role);
    await user.click(continueButton());
    expect(await summaryLinks()).toEqual([`Related entity 1: ${label}: enter a value`]);
    expect(screen.getByRole('textbox', { name: label })).toHaveAttribute('aria-invalid', 'true');
  });

  it('a fault keeps 1 to 3 related entities, a dispute 0 to 3', async () => {
    const { user } = renderEntry(undefined, { draft: { values: faultValues(), step: 'product' } });
    await stepHeading('Affected product');
    expect(screen.queryByRole('button', { name: /^Remove Related entity/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add a related entity' }));
    await user.click(screen.getByRole('button', { name: 'Add a related entity' }));
    expect(rowHeadings()).toEqual(['Related entity 1', 'Related entity 2', 'Related entity 3']);
    expect(screen.queryByRole('button', { name: 'Add a related entity' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove Related entity 3' }));
    expect(screen.getByRole('group', { name: /^Related entities/ })).toHaveFocus();
    expect(screen.getByText('Related entity 3 removed.')).toBeInTheDocument();
  });

  it('checks the access line ID on both sides of its 7 to 21 characters', async () => {
    const { user } = renderEntry(undefined, { draft: { values: faultValues(), step: 'product' } });
    await stepHeading('Affected product');
    const line = screen.getByRole('textbox', { name: 'Access line ID (optional)' });
    await user.type(line, '123456');
    await user.click(continueButton());
    expect(await summaryLinks()).toEqual(['Access line ID: at least 7 characters']);
    await user.type(line, '7');
    await user.click(continueButton());
    await stepHeading('Questionnaire');
  });
});

describe('questionnaire', () => {
  it('question and answer are both needed, and Add stops at 99', async () => {
    const values = faultValues();
    values.faultQuestionnaire = Array.from({ length: 98 }, (_, i) => ({ questionId: `Q${i}`, answerId: 'A' }));
    const { user } = renderEntry(undefined, { draft: { values, step: 'questionnaire' } });
    await stepHeading('Questionnaire');
    await user.click(screen.getByText('Add a question'));
    expect(screen.queryByText('Add a question')).not.toBeInTheDocument();
    await user.click(screen.getByText('Continue'));
    expect(await summaryLinks()).toEqual(['Question 99: Question ID: enter a value', 'Question 99: Answer ID: enter a value']);
  });
});

describe('appointment', () => {
  async function fillSlot(user: ReturnType<typeof renderEntry>['user'], start: string, end: string) {
    await user.type(screen.getByLabelText('Start of the requested time slot'), start);
    await user.type(screen.getByLabelText('End of the requested time slot'), end);
    await user.click(continueButton());
  }

  it('the requested time slot must start before it ends', async () => {
    const { user } = renderEntry(undefined, { draft: { values: faultValues(), step: 'appointment' } });
    await stepHeading('Appointment');
    await fillSlot(user, '2026-12-01T12:00', '2026-12-01T08:00');
    expect(await summaryLinks()).toEqual(['End of the requested time slot: must be after the start']);
    await user.clear(screen.getByLabelText('End of the requested time slot'));
    await user.type(screen.getByLabelText('End of the requested time slot'), '2026-12-01T14:00');
    await user.click(continueButton());
    await stepHeading('Check your answers');
  });

  it('asks for both ends of a slot once one is given', async () => {
    const { user } = renderEntry(undefined, { draft: { values: faultValues(), step: 'appointment' } });
    await stepHeading('Appointment');
    await user.type(screen.getByLabelText('Start of the requested time slot'), '2026-12-01T12:00');
    await user.click(continueButton());
    expect(await summaryLinks()).toEqual(['End of the requested time slot: enter a value']);
  });

  it('an appointment is a new one with its window or a reference to an existing one', async () => {
    const { user } = renderEntry(undefined, { draft: { values: faultValues(), step: 'appointment' } });
    await stepHeading('Appointment');
    expect(screen.getByRole('radio', { name: 'No appointment' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'A reference to an existing appointment' }));
    await user.click(continueButton());
    expect(await summaryLinks()).toEqual(['ID of the existing appointment: enter a value']);
    await user.click(screen.getByRole('radio', { name: 'A new appointment' }));
    expect(screen.getByLabelText('Start of the appointment (optional)')).toBeInTheDocument();
    await user.click(continueButton());
    await stepHeading('Check your answers');
  });
});
