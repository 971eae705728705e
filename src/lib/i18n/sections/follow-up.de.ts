/** German words of the wizard's follow-ups and drafts; same keys as follow-up.en.ts (checked by the type). */
import type { Catalogue } from '../en';
import type { followUpEn } from './follow-up.en';

export const followUpDe: Catalogue<typeof followUpEn> = {
  action: {
    label: 'Folgetickets',
    dispute: 'Lösung reklamieren',
    copy: 'Als neues Ticket kopieren',
    notResolved: 'Die Lösung kann reklamiert werden, sobald das Ticket gelöst oder geschlossen ist.',
  },
  start: {
    loading: 'Ticket {{id}} wird geladen …',
    loadFailed: 'Ticket {{id}} konnte nicht geladen werden, daher wurde nichts daraus übernommen.',
    backToTicket: 'Zurück zu Ticket {{id}}',
    notDisputableTitle: 'Die Lösung von Ticket {{id}} kann nicht reklamiert werden',
    notResolved: 'Eine Reklamation widerspricht der Lösung eines gelösten oder geschlossenen Störungstickets. Ticket {{id}} ist im Status {{status}}.',
    notFault: 'Ticket {{id}} ist selbst eine Reklamation: Eine Reklamation widerspricht der Lösung eines Störungstickets.',
  },
  banner: {
    dispute: 'Sie reklamieren die Lösung von',
    copy: 'Die Angaben stammen aus',
    ticket: 'Ticket {{id}}',
    disputeHint:
      'Verträge, Kontakte, zugehörige Objekte, Kategorie-ID und Anschlusskennung sind ausgefüllt. Geben Sie Ihre eigene externe Ticket-ID und den Grund ein und prüfen Sie jede Angabe: Nichts wird gesendet, bevor Sie das Ticket anlegen.',
    copyHint:
      'Alle Angaben außer der externen Ticket-ID sind ausgefüllt: Geben Sie eine neue ein und prüfen Sie jede Angabe. Nichts wird gesendet, bevor Sie das Ticket anlegen.',
  },
  disputed: {
    title: 'Ticket {{id}} beim Öffnen der Reklamation',
    status: 'Status',
    resolutionDate: 'Gelöst am',
    reason: 'Letzter Grund der Statusänderung',
    notGiven: 'Nicht angegeben',
  },
  drafts: {
    title: 'Nicht gesendete Tickets',
    intro: 'Entwürfe werden nur für Sie in diesem Browser aufbewahrt, der zuletzt geänderte zuerst.',
    kept_one: 'Ein Entwurf wird {{count}} Tag nach seiner letzten Änderung gelöscht, und wenn Sie sich abmelden.',
    kept_other: 'Ein Entwurf wird {{count}} Tage nach seiner letzten Änderung gelöscht, und wenn Sie sich abmelden.',
    kind: {
      new: 'Neues Ticket',
      dispute: 'Reklamation zu Ticket {{id}}',
      copy: 'Kopie von Ticket {{id}}',
    },
    what: '{{type}}, {{externalId}}',
    noType: 'Art nicht gewählt',
    noId: 'noch ohne externe ID',
    savedAt: 'Zuletzt geändert',
    resume: 'Fortsetzen',
    discard: 'Verwerfen',
    confirm: 'Diesen Entwurf verwerfen? Seine Angaben lassen sich nicht zurückholen.',
    confirmYes: 'Ja, verwerfen',
    confirmNo: 'Behalten',
    discarded: 'Entwurf verworfen: {{what}}.',
    none: 'Sie haben keine nicht gesendeten Tickets.',
  },
};
