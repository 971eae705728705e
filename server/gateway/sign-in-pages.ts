/** What sign-in shows a person when it cannot finish (plain HTML, no script), and the one safe way back into the app. */

export const MAX_RETURN_TO_LENGTH = 2048;

/**
 * The path to come back to after sign-in, on this origin only: normalised first (`/..//x` becomes `//x`), then checked
 * again, since a path starting with `//` or holding a backslash is another host to a browser. Anything else is `/`.
 */
export function safeReturnTo(raw: string | undefined, origin: string): string {
  // Kept server-side for ten minutes per sign-in started: a bounded size, like everything read from a request.
  if (raw && raw.length > MAX_RETURN_TO_LENGTH) return '/';
  // Control characters (a tab or a line break inside `//`) are dropped by URL parsers, so they are refused too.
  const unsafe = (path: string) =>
    !path.startsWith('/') || path.startsWith('//') || path.includes('\\') || [...path].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f);
  if (!raw || unsafe(raw)) return '/';
  let url: URL;
  try {
    url = new URL(raw, origin);
  } catch {
    return '/';
  }
  const path = `${url.pathname}${url.search}${url.hash}`;
  return url.origin !== origin || unsafe(path) ? '/' : path;
}

type Language = 'en' | 'de';
const languageOf = (acceptLanguage: string | undefined): Language => (/^\s*de\b/i.test(acceptLanguage ?? '') ? 'de' : 'en');

const words = {
  en: {
    failedTitle: 'Sign-in did not work',
    failed: 'The sign-in could not be finished: it was cancelled, took too long, or was started in another tab. Nothing was changed.',
    noRoleTitle: 'No access to this desk',
    noRole: 'Your account has no role on this desk. Ask your desk administrator to give you the agent or viewer role, then sign in again.',
    unavailableTitle: 'Sign-in is not available just now',
    unavailable: 'The sign-in service cannot be reached just now. Try again in a minute.',
    again: 'Sign in again',
    busyTitle: 'Too many sign-ins just now',
    busy: 'The desk is taking a great many sign-ins at this moment. Wait a few seconds, then sign in again.',
    signedOutTitle: 'You are signed out',
    ended: 'You are signed out of the desk and of the sign-in service. The next person at this computer must sign in with their own password.',
    aliveTitle: 'You are signed out of the desk only',
    alive: 'The sign-in service still has you signed in: anyone who presses "Sign in" on this computer continues as you, without a password.',
    aliveForced: 'This desk asks for the password at every sign-in, so nobody continues as you here; other sites that use the same sign-in still have you signed in.',
    signOutThere: 'Sign out of the sign-in service too',
    unknown: 'You are signed out of the desk. Whether the sign-in service still has you signed in could not be checked: on a shared computer, close every browser window.',
    signIn: 'Sign in',
  },
  de: {
    failedTitle: 'Die Anmeldung hat nicht funktioniert',
    failed: 'Die Anmeldung konnte nicht abgeschlossen werden: Sie wurde abgebrochen, hat zu lange gedauert oder wurde in einem anderen Tab begonnen. Es wurde nichts geändert.',
    noRoleTitle: 'Kein Zugang zu diesem Desk',
    noRole: 'Ihr Konto hat keine Rolle auf diesem Desk. Bitten Sie Ihre Desk-Administration um die Rolle Agent oder Leser und melden Sie sich dann erneut an.',
    unavailableTitle: 'Die Anmeldung ist gerade nicht verfügbar',
    unavailable: 'Der Anmeldedienst ist gerade nicht erreichbar. Versuchen Sie es in einer Minute erneut.',
    again: 'Erneut anmelden',
    busyTitle: 'Gerade zu viele Anmeldungen',
    busy: 'Der Desk nimmt gerade sehr viele Anmeldungen an. Warten Sie ein paar Sekunden und melden Sie sich dann erneut an.',
    signedOutTitle: 'Sie sind abgemeldet',
    ended: 'Sie sind vom Desk und vom Anmeldedienst abgemeldet. Wer als Nächstes an diesem Computer arbeitet, muss sich mit dem eigenen Passwort anmelden.',
    aliveTitle: 'Sie sind nur vom Desk abgemeldet',
    alive: 'Beim Anmeldedienst sind Sie noch angemeldet: Wer an diesem Computer auf „Anmelden“ klickt, arbeitet ohne Passwort als Sie weiter.',
    aliveForced: 'Dieser Desk fragt bei jeder Anmeldung nach dem Passwort, hier arbeitet also niemand als Sie weiter; andere Seiten mit derselben Anmeldung kennen Sie aber noch als angemeldet.',
    signOutThere: 'Auch beim Anmeldedienst abmelden',
    unknown: 'Sie sind vom Desk abgemeldet. Ob der Anmeldedienst Sie noch als angemeldet kennt, ließ sich nicht prüfen: Schließen Sie an einem gemeinsam genutzten Computer alle Browserfenster.',
    signIn: 'Anmelden',
  },
} as const;

export type SignInProblem = 'failed' | 'noRole' | 'unavailable' | 'busy';
const statusOf: Record<SignInProblem, 400 | 403 | 429 | 503> = { failed: 400, noRole: 403, unavailable: 503, busy: 429 };

/** A page of fixed words (nothing from the request is written into it) that runs nothing and loads nothing. */
function fixedPage(language: string, title: string, body: string, status: number, headers: Record<string, string> = {}): Response {
  const html = `<!doctype html>
<html lang="${language}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head>
<body>
<main>
<h1>${title}</h1>
${body}
</main>
</body>
</html>
`;
  return new Response(html, {
    status,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'Content-Security-Policy': "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
      ...headers,
    },
  });
}

/** A sign-in that cannot go on: what went wrong, and the way to try again. */
export function signInProblemPage(problem: SignInProblem, acceptLanguage: string | undefined): Response {
  const language = languageOf(acceptLanguage);
  const w = words[language];
  const retryAfter = problem === 'unavailable' ? '30' : problem === 'busy' ? '5' : undefined;
  return fixedPage(
    language,
    w[`${problem}Title`],
    `<p>${w[problem]}</p>\n<p><a href="/gateway/login">${w.again}</a></p>`,
    statusOf[problem],
    retryAfter ? { 'Retry-After': retryAfter } : {},
  );
}

/** The desk's own signed-out page: says plainly whether the sign-in service's session ended. */
export function signedOutPage(providerSession: 'ended' | 'alive' | 'unknown', forceSignIn: boolean, acceptLanguage: string | undefined): Response {
  const language = languageOf(acceptLanguage);
  const w = words[language];
  const title = providerSession === 'alive' ? w.aliveTitle : w.signedOutTitle;
  const body =
    providerSession === 'ended'
      ? `<p>${w.ended}</p>`
      : providerSession === 'alive'
        ? `<p>${w.alive}</p>${forceSignIn ? `<p>${w.aliveForced}</p>` : ''}<p><a href="/gateway/end-session">${w.signOutThere}</a></p>`
        : `<p>${w.unknown}</p>`;
  return fixedPage(language, title, `${body}\n<p><a href="/gateway/login">${w.signIn}</a></p>`, 200);
}
