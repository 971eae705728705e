/** Words of the toast list and of the global notice for a failed background refresh (German). */
import type { Catalogue } from '../en';
import type { toastEn } from './toast.en';

export const toastDe: Catalogue<typeof toastEn> = {
  region: 'Hinweise',
  dismiss: 'Schließen',
  dismissLabel: 'Hinweis schließen: {{title}}',
  refreshFailed: 'Einige Daten auf dieser Seite konnten nicht aktualisiert werden.',
  keptLastData: 'Die Seite zeigt weiter den zuletzt geladenen Stand.',
};
