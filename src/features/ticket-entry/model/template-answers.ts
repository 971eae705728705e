/**
 * What a ticket template keeps of the wizard's answers (docs/app.md, "Templates"): everything but what belongs to one
 * ticket or one line (the external identifier, the disputed ticket and the dispute's reason, the access line and the
 * network termination location) and, unless the agent keeps it, the location contact. A template fills a new run's
 * empty values; an answer whose field the form no longer has is dropped and named.
 */
import { templateAnswersOf, valuesFromTemplate } from '../../../lib/templates/answers';
import { draftVersion } from './draft';
import { emptyValues, type EntryValues } from './form-values';

/** Never kept in a template, never filled from one. */
export const perTicketAnswers = [
  'externalIdentifier',
  'troubleTicketRelationship',
  'resolutionDisputeReason',
  'accessLineId',
  'networkTerminationLocation',
] as const satisfies readonly (keyof EntryValues)[];

/** The form version a template records: the drafts' (a change of the form's shape changes both). */
export const templateFormVersion = draftVersion;

export const hasLocationContact = (values: EntryValues) => values.relatedParty.some((party) => party.role === 'locationAContact');

export function wizardTemplateAnswers(values: EntryValues, keepLocationContact: boolean): Record<string, unknown> {
  const answers = templateAnswersOf(values, perTicketAnswers);
  if (keepLocationContact) return answers;
  return { ...answers, relatedParty: (answers.relatedParty as EntryValues['relatedParty']).filter((party) => party.role !== 'locationAContact') };
}

export function wizardValuesFromTemplate(answers: Record<string, unknown>): { values: EntryValues; dropped: string[] } {
  return valuesFromTemplate(emptyValues(), answers, perTicketAnswers);
}
