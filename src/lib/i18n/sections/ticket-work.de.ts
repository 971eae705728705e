/** Words of the ticket detail page's work tools: summary header, copy, jump links, change banner, print (German). */
import type { Catalogue } from '../en';
import type { ticketWorkEn } from './ticket-work.en';

export const ticketWorkDe: Catalogue<typeof ticketWorkEn> = {
  summary: 'Ticket auf einen Blick',
  ticketId: 'Ticket',
  externalId: 'Externe Kennung',
  type: 'Tickettyp',
  created: 'Angelegt',
  lastUpdate: 'Zuletzt geändert',
  due: 'Erwartete Entstörung',
  copyTicketId: 'Ticketnummer {{id}} kopieren',
  copyExternalId: 'Externe Kennung {{id}} kopieren',
  copy: 'Kopieren',
  copied: '{{value}} kopiert',
  copyFailed: '{{value}} konnte nicht kopiert werden. Markieren Sie es und drücken Sie Strg+C.',
  sections: 'Abschnitte dieses Tickets',
  onThisPage: 'Auf dieser Seite',
  print: 'Drucken',
  printHint: 'Druckt alle Angaben auf A4-Seiten, ohne die Navigation.',
  printedAt: 'Gedruckt am {{time}}',
  printTitle: 'Ticket {{id}}',
  printExternalId: 'Externe Kennung {{id}}',
  changes: {
    title: 'Dieses Ticket hat sich geändert, während Sie es geöffnet hatten',
    status: 'Status: {{from}} → {{to}}',
    noStatus: 'keiner',
    newNotes_one: '{{count}} neue Notiz',
    newNotes_other: '{{count}} neue Notizen',
    newHistory_one: '{{count}} neuer Eintrag im Statusverlauf',
    newHistory_other: '{{count}} neue Einträge im Statusverlauf',
    fields: 'Geändert: {{fields}}',
    markSeen: 'Als gesehen markieren',
    changed: 'Geändert',
    new: 'Neu',
    href: 'Adresse beim Dienst',
  },
};
