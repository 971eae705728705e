/** German words of the shared form pieces; same keys as form.en.ts (checked by the type). */
import type { Catalogue } from '../en';
import type { formEn } from './form.en';

export const formDe: Catalogue<typeof formEn> = {
  errorSummaryTitle: 'Es gibt ein Problem',
  errorPrefix: 'Fehler:',
  optional: '(optional)',
  charactersRemaining_one: 'Sie können noch {{count}} Zeichen eingeben',
  charactersRemaining_other: 'Sie können noch {{count}} Zeichen eingeben',
  charactersTooMany_one: 'Sie haben {{count}} Zeichen zu viel',
  charactersTooMany_other: 'Sie haben {{count}} Zeichen zu viel',
  characterLimit: 'Sie können bis zu {{max}} Zeichen eingeben',
  timeZone: 'Ortszeit, Zeitzone {{zone}}',
  sentAs: 'Wird gesendet als {{value}}',
  remove: 'Entfernen',
  limitReached: 'Sie haben das Maximum von {{max}} erreicht.',
};
