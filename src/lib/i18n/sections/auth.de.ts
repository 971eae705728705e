/** Words of the first screen's sign-in parts: the check of a stored sign-in and the header's account area (German). */
import type { Catalogue } from '../en';
import type { authEn } from './auth.en';

export const authDe: Catalogue<typeof authEn> = {
  checking: 'Ihre Anmeldung wird geprüft …',
  account: {
    label: 'Ihr Konto',
    signedInAs: 'Angemeldet als',
    demoIdentity: 'Demo-Identität',
    demoAgent: 'Demo-Agent',
    signOut: 'Abmelden',
    signingOut: 'Sie werden abgemeldet …',
    signOutFailed: 'Die Abmeldung hat nicht geklappt. Versuchen Sie es erneut.',
    sessionEnded: 'Sitzung beendet',
    signInAgain: 'Erneut anmelden',
  },
};
