/** German words of the wizard for a service under strain; same keys as entry-faults.en.ts (checked by the type). */
import type { Catalogue } from '../en';
import type { entryFaultsEn } from './entry-faults.en';

export const entryFaultsDe: Catalogue<typeof entryFaultsEn> = {
  waitSeconds_one: 'Der Dienst bittet, {{count}} Sekunde zu warten, bevor Sie das Ticket erneut senden.',
  waitSeconds_other: 'Der Dienst bittet, {{count}} Sekunden zu warten, bevor Sie das Ticket erneut senden.',
  unconfirmedTitle: 'Ihr früherer Versuch hat dieses Ticket wahrscheinlich angelegt',
  unconfirmedBody:
    'Beim ersten Senden ging die Antwort verloren; der Dienst hat jetzt ein offenes Ticket mit der externen ID {{externalId}}. Es ließ sich gerade nicht abrufen. Suchen Sie es in der Ticketliste: Es wurde nichts doppelt angelegt.',
};
