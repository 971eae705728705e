/** The wizard's steps in order, the form fields each one validates, and which step holds a given field. */
import { inputsOfStep, ticketField, ticketInputNames, type TicketEntryStep, type TicketInputName } from '../../../domain/ticket-fields';
import type { EntryValues } from './form-values';

export const steps = ['ticket', 'agreements', 'contacts', 'product', 'questionnaire', 'appointment', 'check'] as const;
export type StepId = (typeof steps)[number];

export function isStep(value: unknown): value is StepId {
  return typeof value === 'string' && (steps as readonly string[]).includes(value);
}

type TopField = keyof EntryValues;

/** The top-level fields of each step, in page order; check answers validates the whole body instead. */
const stepFields: Record<Exclude<StepId, 'check'>, readonly TopField[]> = {
  ticket: ['ticketType', 'externalIdentifier', 'troubleTicketRelationship', ...inputsOfStep('ticket'), 'billingItem'],
  agreements: ['agreement'],
  contacts: ['relatedParty'],
  product: ['relatedEntity', ...inputsOfStep('product')],
  questionnaire: ['faultQuestionnaire', ...inputsOfStep('questionnaire')],
  appointment: [...inputsOfStep('appointment'), 'requestedTimeSlot', 'appointment'],
};

/** The plain inputs only a dispute has (interface.md 2.3 rule 1): neither asked for nor sent for a fault. */
export const disputeOnlyInputs: readonly TicketInputName[] = ticketInputNames.filter((name) => ticketField(name).only === 'dispute');
const disputeOnly: readonly TopField[] = ['troubleTicketRelationship', ...disputeOnlyInputs];

/** Whether a plain input is asked for, sent and checked with this ticket type. */
export const isAsked = (name: TicketInputName, ticketType: EntryValues['ticketType']): boolean =>
  ticketType === 'dispute' || !disputeOnlyInputs.includes(name);

/** The plain inputs a step asks for with this ticket type, in page order. */
export const plainInputsOf = (step: TicketEntryStep, ticketType: EntryValues['ticketType']): TicketInputName[] =>
  inputsOfStep(step).filter((name) => isAsked(name, ticketType));

/** What Continue validates: the step's fields, without the dispute-only ones while the type is not dispute. */
export function fieldsOfStep(step: Exclude<StepId, 'check'>, ticketType: EntryValues['ticketType']): TopField[] {
  return stepFields[step].filter((field) => ticketType === 'dispute' || !disputeOnly.includes(field));
}

/** The step that shows a field, from the first segment of its name or path; '' or `@type` (the body) -> check. */
export function stepOf(name: string): StepId {
  const top = name.split(/[.[]/)[0] ?? '';
  for (const step of steps) {
    if (step !== 'check' && (stepFields[step] as readonly string[]).includes(top)) return step;
  }
  return 'check';
}

export function nextStep(step: StepId): StepId {
  return steps[Math.min(steps.indexOf(step) + 1, steps.length - 1)]!;
}

export function previousStep(step: StepId): StepId | undefined {
  const index = steps.indexOf(step);
  return index > 0 ? steps[index - 1] : undefined;
}
