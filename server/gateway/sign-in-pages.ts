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
  },
  de: {
    failedTitle: 'Die Anmeldung hat nicht funktioniert',
    failed: 'Die Anmeldung konnte nicht abgeschlossen werden: Sie wurde abgebrochen, hat zu lange gedauert oder wurde in einem anderen Tab begonnen. Es wurde nichts geändert.',
    noRoleTitle: 'Kein Zugang zu diesem Desk',
    noRole: 'Ihr Konto hat keine Rolle auf diesem Desk. Bitten Sie Ihre Desk-Administration um die Rolle Agent oder Leser und melden Sie sich dann erneut an.',
    unavailableTitle: 'Die Anmeldung ist gerade nicht verfügbar',
    unavailable: 'Der Anmeldedienst ist gerade nicht erreichbar. Versuchen Sie es in einer Minute erneut.',
    again: 'Erneut anmelden',
  },
} as const;

export type SignInProblem = 'failed' | 'noRole' | 'unavailable';
const statusOf: Record<SignInProblem, 400 | 403 | 503> = { failed: 400, noRole: 403, unavailable: 503 };

/** A page of fixed words (nothing from the request is written into it) that runs nothing and loads nothing. */
export function signInProblemPage(problem: SignInProblem, acceptLanguage: string | undefined): Response {
  const language = languageOf(acceptLanguage);
  const w = words[language];
  const title = w[`${problem}Title`];
  const html = `<!doctype html>
<html lang="${language}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head>
<body>
<main>
<h1>${title}</h1>
<p>${w[problem]}</p>
<p><a href="/gateway/login">${w.again}</a></p>
</main>
</body>
</html>
`;
  return new Response(html, {
    status: statusOf[problem],
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'Content-Security-Policy': "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
      ...(problem === 'unavailable' ? { 'Retry-After': '30' } : {}),
    },
  });
}
