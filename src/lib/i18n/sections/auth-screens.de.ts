/** Words of sign-in, the session's dialogs (expiry, sign-out) and the configuration error page (German); loaded with them. */
import type { Catalogue } from '../en';
import type { authScreensEn } from './auth-screens.en';

export const authScreensDe: Catalogue<typeof authScreensEn> = {
  config: {
    title: 'Die Anwendung ist nicht richtig eingerichtet',
    intro: 'Sie kann nicht starten, weil diese Einstellungen fehlen oder falsch sind:',
    setTo: 'Eingestellt ist „{{value}}“.',
    reason: {
      missing: 'ist nicht gesetzt.',
      notBoolean: 'muss „true“ oder „false“ sein.',
      notPathOrUrl: 'muss ein Pfad auf dieser Website sein, der mit „/“ beginnt, oder eine vollständige http- oder https-Adresse.',
      notUrl: 'muss eine vollständige http- oder https-Adresse sein, etwa https://login.example.com/realms/desk.',
      notHttps: 'muss https verwenden; einfaches http ist nur für localhost und 127.0.0.1 erlaubt.',
      hasQueryOrFragment: 'darf kein „?“ und kein „#“ enthalten.',
      notAbsoluteUri: 'muss eine absolute URI sein, etwa https://api.example.com/tmf-api/troubleTicket/v5.',
      hasSpaces: 'darf keine Leerzeichen enthalten.',
      noOpenid: 'muss den Scope „openid“ enthalten.',
      notSeconds: 'muss eine ganze Zahl von Sekunden zwischen {{min}} und {{max}} sein.',
      notAuthMode: 'muss „direct“ (Tokens der Bearbeiter aus dem Browser) oder „gateway“ (das Desk-Gateway meldet Bearbeiter an) sein.',
      notDays: 'muss eine ganze Zahl von Tagen zwischen {{min}} und {{max}} sein.',
      notMinutes: 'muss eine ganze Zahl von Minuten zwischen {{min}} und {{max}} sein (oder nicht gesetzt: keine Abmeldung bei Untätigkeit).',
    },
    fix: 'Diese Variablen werden beim Bauen der Anwendung gesetzt (docs/sign-in.md erklärt jede). Agentinnen und Agenten können sie nicht ändern: Bitte wenden Sie sich an die Betreiber der Service-Desk-Anwendungen.',
  },
  entered: {
    by: 'An diesem Desk erfasst von {{name}}, {{time}}',
  },
  readOnly: {
    body: 'Ihre Rolle an diesem Desk erlaubt es, Tickets und Auftragsstornierungen zu lesen, aber nicht anzulegen.',
    ask: 'Wenn Ihre Arbeit es erfordert, bitten Sie die Verwaltung der Desk-Konten um die Rolle „Agent“.',
    toTickets: 'Zu den Tickets',
    toCancelOrders: 'Zu den Auftragsstornierungen',
  },
  signIn: {
    title: 'Anmelden',
    intro: 'Melden Sie sich mit Ihrem Firmenkonto an, um Störungstickets zu bearbeiten.',
    explain: 'Sie gelangen zur Anmeldeseite Ihrer Organisation und kommen danach hierher zurück.',
    button: 'Anmelden',
    starting: 'Die Anmeldeseite wird geöffnet …',
    failed: 'Die Anmeldeseite ist nicht erreichbar. Prüfen Sie Ihre Verbindung und versuchen Sie es erneut.',
  },
  callback: {
    completing: 'Ihre Anmeldung wird abgeschlossen …',
    failedTitle: 'Die Anmeldung wurde nicht abgeschlossen',
    failed: 'Ihre Anmeldung konnte nicht abgeschlossen werden. Was Sie vorher eingegeben haben, ist nicht verloren.',
    providerSaid: 'Der Anmeldedienst meldet: {{reason}}',
    tryAgain: 'Erneut anmelden',
  },
  signOutDialog: {
    title: 'Entwurf verwerfen und abmelden?',
    ticketDraft: 'Sie haben ein Ticket, das noch nicht gesendet wurde.',
    cancelDraft: 'Sie haben eine Auftragsstornierung, die noch nicht gesendet wurde.',
    body: 'Beim Abmelden wird der Entwurf aus diesem Browser gelöscht. Um ihn zu behalten, bleiben Sie angemeldet und senden ihn zuerst.',
    confirm: 'Entwurf verwerfen und abmelden',
    cancel: 'Angemeldet bleiben',
  },
  expiry: {
    warningTitle: 'Ihre Sitzung endet bald',
    warningBody: 'Sie werden um {{time}} abgemeldet. Wählen Sie „Angemeldet bleiben“, um weiterzuarbeiten.',
    kept: 'Nichts, was Sie eingegeben haben, geht verloren.',
    stay: 'Angemeldet bleiben',
    renewing: 'Ihre Sitzung wird verlängert …',
    renewFailed: 'Ihre Sitzung konnte nicht verlängert werden. Melden Sie sich erneut an, um weiterzuarbeiten.',
    endedTitle: 'Ihre Sitzung ist beendet',
    endedBody: 'Melden Sie sich erneut an, um weiterzuarbeiten. Sie kommen auf diese Seite zurück, und Ihre Eingaben bleiben erhalten.',
    signInAgain: 'Erneut anmelden',
    notNow: 'Nicht jetzt',
  },
};
