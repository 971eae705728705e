/** Words of the wizard taking a ticket back from the outbox (Change, or Fix after a refusal) (German). */
import type { Catalogue } from '../en';
import type { entryOutboxEn } from './entry-outbox.en';

export const entryOutboxDe: Catalogue<typeof entryOutboxEn> = {
  loading: 'Das Ticket wird aus dem Postausgang zurückgeholt …',
  goneTitle: 'Dieses Ticket ist nicht mehr im Postausgang',
  gone: 'Es wurde inzwischen gesendet oder zurückgezogen. Der Postausgang zeigt, was daraus wurde.',
  failedTitle: 'Das Ticket konnte nicht zurückgeholt werden',
  failed: 'Dieser Browser hat seine Angaben nicht als Entwurf gespeichert (Speicher gesperrt oder voll); es bleibt im Postausgang.',
  toOutbox: 'Zum Postausgang',
};
