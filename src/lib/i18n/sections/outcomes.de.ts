/** German words for what a create came to; same keys as outcomes.en.ts (checked by the type). */
import type { Catalogue } from '../en';
import type { outcomesEn } from './outcomes.en';

export const outcomesDe: Catalogue<typeof outcomesEn> = {
  ticket: {
    createdTitle: 'Ticket angelegt',
    createdBody: 'Der Dienst hat das Ticket {{id}} angelegt.',
    open: 'Ticket {{id}} öffnen',
    openExisting: 'Ticket {{id}} öffnen, Status {{status}}',
    acceptedTitle: 'Ticket angenommen',
    acceptedBody:
      'Der Dienst hat das Ticket mit der externen ID {{externalId}} angenommen und legt es in Kürze an. Danach erscheint es in der Ticketliste.',
    acceptedLink: 'Ticket {{externalId}} in der Ticketliste suchen',
    findInList: '{{externalId}} in der Ticketliste suchen',
    invalidTitle: 'Der Dienst hat Angaben abgelehnt',
    invalid_one: 'Der Dienst nennt {{count}} Angabe zum Korrigieren; es wurde nichts angelegt.',
    invalid_other: 'Der Dienst nennt {{count}} Angaben zum Korrigieren; es wurde nichts angelegt.',
    invalidNoFields: 'Der Dienst hat nicht gesagt, welche Angabe er ablehnt: {{reason}}',
    conflictTitle: 'Es gibt schon ein Ticket mit dieser externen ID',
    conflictBody: 'Der Dienst hat schon ein offenes Ticket mit der externen ID {{externalId}} und hat daher nichts angelegt.',
    unconfirmedTitle: 'Ihr früherer Versuch hat dieses Ticket wahrscheinlich angelegt',
    unconfirmedBody:
      'Beim ersten Senden ging die Antwort verloren; der Dienst hat jetzt ein offenes Ticket mit der externen ID {{externalId}}. Es ließ sich gerade nicht abrufen. Suchen Sie es in der Ticketliste: Es wurde nichts doppelt angelegt.',
    unauthorizedTitle: 'Ihre Sitzung ist abgelaufen',
    unauthorizedBody:
      'Melden Sie sich erneut an, um das Ticket zu senden. Ihre Angaben bleiben erhalten, und Sie kehren nach der Anmeldung auf diese Seite zurück.',
    forbiddenTitle: 'Dieses Konto darf keine Tickets anlegen',
    forbiddenBody:
      'Der Dienst lehnt das Anlegen von Tickets für das angemeldete Konto ab (HTTP 403). Ihre Angaben bleiben als Entwurf erhalten: Beantragen Sie die Berechtigung und senden Sie das Ticket dann erneut.',
    retryTitle: 'Das Ticket konnte nicht gesendet werden',
    retryBody: 'Ihre Angaben bleiben erhalten. Versuchen Sie es gleich noch einmal.',
    waitSeconds_one: 'Der Dienst bittet, {{count}} Sekunde zu warten, bevor Sie das Ticket erneut senden.',
    waitSeconds_other: 'Der Dienst bittet, {{count}} Sekunden zu warten, bevor Sie das Ticket erneut senden.',
    unsupportedTitle: 'Der Dienst kann hier keine Tickets anlegen',
    unsupportedBody: 'Ihre Angaben bleiben als Entwurf erhalten. Melden Sie diese Meldung dem Service-Desk-Team.',
    unreadableTitle: 'Die Antwort des Dienstes ist nicht lesbar',
    unreadableBody:
      'Das Ticket wurde vielleicht angelegt. Suchen Sie es in der Ticketliste, bevor Sie es erneut senden; ein erneutes Senden kann kein zweites Ticket mit derselben externen ID anlegen.',
  },
  cancellation: {
    createdTitle: 'Stornierung beantragt',
    createdBody: 'Der Dienst hat die Stornierung {{id}} erfasst.',
    open: 'Stornierung {{id}} ansehen',
    acceptedTitle: 'Stornierungsantrag angenommen',
    acceptedBody:
      'Der Dienst hat die Stornierung des Produktauftrags {{id}} angenommen und erfasst sie in Kürze. Dann erscheint sie in der Liste der Auftragsstornierungen.',
    acceptedLink: 'Stornierungen des Produktauftrags {{id}} ansehen',
    invalidTitle: 'Der Dienst hat die Stornierung abgelehnt',
    invalidMessage: 'Der Dienst hat die Stornierung als ungültig abgelehnt: {{message}}',
    invalidNoDetail: 'Der Dienst hat die Stornierung als ungültig abgelehnt, ohne zu sagen, welche Angabe falsch ist.',
    notAcceptableTitle: 'Der Dienst kann nicht in einer Form antworten, die diese Anwendung liest',
    notAcceptableBody:
      'Der Dienst hat eine Antwort in JSON abgelehnt (HTTP 406). Es wurde nichts storniert, Ihre Eingaben bleiben erhalten. Melden Sie es dem Service-Desk-Team, wenn es wieder vorkommt.',
    unauthorizedTitle: 'Melden Sie sich erneut an, um die Stornierung zu senden',
    unauthorizedBody:
      'Ihre Sitzung ist abgelaufen (HTTP 401). Es wurde nichts gesendet, Ihre Eingaben bleiben erhalten: Nach der Anmeldung kommen Sie auf diese Seite zurück und können sie senden.',
    forbiddenTitle: 'Sie dürfen keine Produktaufträge stornieren',
    forbiddenBody:
      'Der Dienst hat die Stornierung abgelehnt (HTTP 403). Ihre Eingaben bleiben erhalten. Beantragen Sie das Recht, Produktaufträge zu stornieren.',
    conflictTitle: 'Für diesen Auftrag läuft bereits eine Stornierung',
    conflictBody:
      'Für den Produktauftrag {{id}} gibt es eine Stornierung, die noch nicht abgeschlossen ist. Eine zweite kann erst gesendet werden, wenn sie beendet ist.',
    conflictAfterLost:
      'Ein früherer Versuch hat den Dienst womöglich doch erreicht: Prüfen Sie die laufende Stornierung, bevor Sie erneut senden.',
    conflictLink: 'Stornierung {{id}} ansehen ({{state}})',
    conflictListLink: 'Stornierungen des Produktauftrags {{id}} ansehen',
    unconfirmedTitle: 'Ihr früherer Versuch hat diese Stornierung wahrscheinlich erfasst',
    unconfirmedBody:
      'Die erste Antwort ging verloren, und für den Produktauftrag {{id}} läuft jetzt eine Stornierung. Prüfen Sie sie, bevor Sie erneut senden.',
    busyAgainTitle: 'Der Dienst ist weiterhin ausgelastet',
    busyAgainBody:
      'Der Dienst hat die Stornierung erneut abgelehnt (HTTP 429), es wurde nichts gesendet. Ihre Eingaben bleiben erhalten: Warten Sie eine Minute und senden Sie sie erneut.',
    longWaitBody:
      'Der Dienst bittet, bis {{time}} zu warten (HTTP 429), es wurde nichts gesendet. Ihre Eingaben bleiben erhalten: Senden Sie sie nach diesem Zeitpunkt erneut.',
    failedTitle: 'Die Stornierung wurde nicht gesendet',
    kept: 'Ihre Eingaben bleiben erhalten.',
    unreadableTitle: 'Der Dienst hat geantwortet, aber die Antwort ist nicht lesbar',
    unreadableBody:
      'Die Stornierung wurde womöglich erfasst. Prüfen Sie die Stornierungen des Produktauftrags {{id}}, bevor Sie erneut senden.',
  },
};
