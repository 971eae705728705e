/**
 * The wizard's plain inputs come from the field table (src/domain/ticket-fields.ts), field by field: each is asked on
 * its step under its table label, its answer is sent, shown on the check page in words and copied by "Copy as new
 * ticket"; what only a dispute has is neither asked for, sent nor shown for a fault.
 */
import { screen, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readTroubleTicket } from '../../../domain/ticket-reader';
import { ticketFieldSamples } from '../../../domain/ticket-field-samples';
import { ticketField, ticketFieldNames, ticketFields, ticketInputNames, type TicketFieldShow, type TicketInputName } from '../../../domain/ticket-fields';
import { i18n } from '../../../lib/i18n';
import { createdTicket } from '../../../testing/fixtures';
import { disputeValues, faultValues } from '../../../testing/entry-values';
import { serveMockService } from '../../../testing/entry-service';
import { renderEntry, stepHeading } from '../../../testing/render-entry';
import { followUpOf } from '../model/follow-up';
import type { EntryValues } from '../model/form-values';
import { toBody } from '../model/to-body';

serveMockService();
const zone = process.env.TZ;
beforeAll(() => {
  // Times read as an agent in Germany sees them.
  process.env.TZ = 'Europe/Berlin';
});
afterAll(() => {
  process.env.TZ = zone;
});

/** An answer as the form holds it, as the body sends it, and in words on the check page. */
type Sample = { answer: string; body: string | boolean; words: string };

const samples: Partial<Record<TicketFieldShow, Sample>> = {
  text: { answer: 'TAL-0815', body: 'TAL-0815', words: 'TAL-0815' },
  longText: { answer: 'Red LEDs since 06:00', body: 'Red LEDs since 06:00', words: 'Red LEDs since 06:00' },
  dateTime: { answer: '2026-12-01T10:30:00+01:00', body: '2026-12-01T10:30:00+01:00', words: '1 Dec 2026, 10:30 CET' },
  yesNo: { answer: 'false', body: false, words: 'No' },
};
/** A choice's answer is one of its own options: its words written here, or else its sample in the catalogue's words. */
const choiceSamples: Partial<Record<TicketInputName, Sample>> = {
  expressFaultResolution: { answer: 'oneTime', body: 'oneTime', words: 'One-time express' },
};
function choiceSample(name: TicketInputName): Sample {
  const option = String(ticketFieldSamples[name][0]);
  return choiceSamples[name] ?? { answer: option, body: option, words: i18n.t(`fieldValues.${name}.${option}` as never) };
}

function sampleOf(name: TicketInputName): Sample {
  const sample = ticketField(name).show === 'choice' ? choiceSample(name) : samples[ticketField(name).show];
  if (!sample) throw new Error(`No sample answer for ${name}`);
  return sample;
}

/** The step's heading, which is also the check page's section of its answers. */
const stepTitles = { ticket: 'Ticket', product: 'Affected product', questionnaire: 'Questionnaire', appointment: 'Appointment' };
const stepTitleOf = (name: TicketInputName) => stepTitles[ticketField(name).input!.step];
const labelOf = (name: TicketInputName) => i18n.t(ticketFields[name].label);
const isDisputeOnly = (name: TicketInputName) => ticketField(name).only === 'dispute';

const answered = (values: EntryValues, name: TicketInputName, answer: string): EntryValues => ({ ...values, [name]: answer });

/** The input of a field on its step, found by its label as a person reads it. */
function inputOf(name: TicketInputName, label: string): HTMLElement {
  switch (ticketField(name).show) {
    case 'dateTime':
      return screen.getByLabelText(`${label} (optional)`);
    case 'yesNo':
    case 'choice':
      return screen.getByRole('group', { name: `${label} (optional)` });
    default:
      return screen.getByRole('textbox', { name: `${label} (optional)` });
  }
}

/** The answer shown in the row with this label, within a step's section of the check page. */
function answerOf(section: string, label: string): string {
  const region = screen.getByRole('region', { name: section });
  const key = within(region).getByText(label, { selector: 'dt' });
  return key.nextElementSibling?.textContent ?? '';
}

describe('plain inputs from the field table', () => {
  it('asks for every field the table gives an input, those of a dispute only for a dispute', () => {
    expect(ticketInputNames).toEqual(ticketFieldNames.filter((name) => ticketField(name).input !== undefined));
    // The inputs it asked for before, in this order among the others.
    const before = [
      'categoryId',
      'description',
      'resolutionDisputeReason',
      'accessLineId',
      'networkTerminationLocation',
      'expressFaultResolution',
      'endUserContactAllowed',
      'endUserAppointmentIsNecessary',
      'interimMessagesRequested',
      'requestedResolutionDate',
    ];
    expect(ticketInputNames.filter((name) => before.includes(name))).toEqual(before);
    expect(ticketInputNames.filter(isDisputeOnly)).toEqual(ticketFieldNames.filter((name) => ticketField(name).only === 'dispute'));
    expect(ticketInputNames.filter(isDisputeOnly)).toContain('resolutionDisputeReason');
  });

  it.each(ticketInputNames)('%s is asked on its step under its table label, with its answer', async (name) => {
    const { answer, words } = sampleOf(name);
    renderEntry(undefined, { draft: { values: answered(disputeValues(), name, answer), step: ticketField(name).input!.step } });
    await stepHeading(stepTitleOf(name));
    const input = inputOf(name, labelOf(name));
    switch (ticketField(name).show) {
      case 'yesNo':
      case 'choice':
        expect(within(input).getByRole('radio', { name: words })).toBeChecked();
        expect(within(input).getByRole('radio', { name: 'Not stated' })).not.toBeChecked();
        break;
      case 'dateTime':
        expect(input).toHaveValue('2026-12-01T10:30');
        break;
      default:
        expect(input).toHaveValue(answer);
    }
  });

  it.each(ticketInputNames)('%s: an answer is sent, an unanswered one left out', (name) => {
    const { answer, body } = sampleOf(name);
    expect(toBody(answered(disputeValues(), name, answer))).toHaveProperty(name, body);
    expect(toBody(disputeValues())).not.toHaveProperty(name);
  });

  it.each(ticketInputNames)('%s: the check page shows the answer in words under its label, in its step', async (name) => {
    renderEntry(undefined, { draft: { values: answered(disputeValues(), name, sampleOf(name).answer), step: 'check' } });
    await stepHeading('Check your answers');
    expect(answerOf(stepTitleOf(name), labelOf(name))).toBe(sampleOf(name).words);
    expect(screen.getByRole('link', { name: `Change ${labelOf(name)}` })).toBeInTheDocument();
  });

  it.each(ticketInputNames)('%s is copied by "Copy as new ticket"; a dispute of the ticket keeps it only when it identifies the service', (name) => {
    const { answer, body } = sampleOf(name);
    const ticket = readTroubleTicket({ ...createdTicket(), [name]: body })!;
    expect(followUpOf(ticket, 'copy').values[name]).toBe(answer);
    expect(followUpOf(ticket, 'dispute').values[name]).toBe(ticketField(name).input!.keepOnDispute ? answer : '');
  });

  it('a dispute keeps the category and the access line of the disputed ticket', () => {
    expect(ticketInputNames.filter((name) => ticketField(name).input!.keepOnDispute)).toEqual(['categoryId', 'accessLineId']);
  });

  it.each(ticketInputNames.filter((name) => ticketField(name).show === 'choice'))('%s: a copy leaves a value the form does not offer unanswered', (name) => {
    const ticket = readTroubleTicket({ ...createdTicket(), [name]: 'urgentPlus' })!;
    expect(followUpOf(ticket, 'copy').values[name]).toBe('');
  });

  it.each(ticketInputNames.filter(isDisputeOnly))('%s: a fault neither asks for it, sends it nor shows it', async (name) => {
    const values = answered(faultValues(), name, sampleOf(name).answer);
    expect(toBody(values)).not.toHaveProperty(name);
    const { unmount } = renderEntry(undefined, { draft: { values, step: ticketField(name).input!.step } });
    await stepHeading(stepTitleOf(name));
    expect(screen.queryByText(labelOf(name), { exact: false })).not.toBeInTheDocument();
    unmount();
    renderEntry(undefined, { draft: { values, step: 'check' } });
    await stepHeading('Check your answers');
    expect(within(screen.getByRole('region', { name: stepTitleOf(name) })).queryByText(labelOf(name))).not.toBeInTheDocument();
  });

  it('words the labels, hints and answers in the language shown', async () => {
    const values = answered(answered(faultValues(), 'categoryId', 'TAL'), 'endUserContactAllowed', 'true');
    const { unmount } = renderEntry(undefined, { draft: { values, step: 'ticket' } });
    await stepHeading('Ticket');
    expect(screen.getByRole('textbox', { name: 'Category ID (optional)' })).toHaveValue('TAL');
    expect(screen.getByRole('textbox', { name: 'Category ID (optional)' })).toHaveAccessibleDescription('1 to 8 characters.');
    await i18n.changeLanguage('de');
    expect(await screen.findByRole('textbox', { name: 'Kategorie-ID (optional)' })).toHaveAccessibleDescription('1 bis 8 Zeichen.');
    unmount();

    await i18n.changeLanguage('en');
    renderEntry(undefined, { draft: { values, step: 'appointment' } });
    await stepHeading('Appointment');
    const contact = screen.getByRole('group', { name: 'End-user contact allowed (optional)' });
    expect(within(contact).getByRole('radio', { name: 'Yes' })).toBeChecked();
    await i18n.changeLanguage('de');
    const kontakt = await screen.findByRole('group', { name: 'Kontakt zum Endkunden erlaubt (optional)' });
    expect(within(kontakt).getByRole('radio', { name: 'Ja' })).toBeChecked();
    expect(within(kontakt).getByRole('radio', { name: 'Keine Angabe' })).not.toBeChecked();
  });
});
