/**
 * The dev provider's own pages (sign-in, sign-out question, errors) in English and German: plain HTML with labels,
 * an error summary and enough contrast that axe finds nothing, and no outside resources (tests run offline).
 */

export type PageLanguage = 'en' | 'de';

/** `ui_locales` is a space-separated preference list (OpenID Connect Core 3.1.2.1). */
export function languageOf(uiLocales: unknown): PageLanguage {
  const first = typeof uiLocales === 'string' ? uiLocales.trim().split(/\s+/)[0]?.toLowerCase() ?? '' : '';
  return first === 'de' || first.startsWith('de-') ? 'de' : 'en';
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);
}

const words = {
  en: {
    provider: 'Test sign-in service',
    devOnly: 'For development and tests only. Test agents: see docs/sign-in.md.',
    signInTitle: 'Sign in',
    signInIntro: 'Sign in to continue to the Trouble Ticket Desk.',
    username: 'Username',
    password: 'Password',
    submit: 'Sign in',
    cancel: 'Cancel and go back',
    problem: 'There is a problem',
    wrong: 'The username or password is not right. Check both and try again.',
    missingUsername: 'Enter your username',
    missingPassword: 'Enter your password',
    logoutTitle: 'Sign out of the test sign-in service?',
    logoutIntro: 'Yes signs you out of this sign-in service and of every app that uses it: the next person must enter a password.',
    logoutStayIntro: 'No ends your sign-in to the app that sent you here only: this service keeps you signed in, and anyone at this computer could use it as you without a password.',
    logoutYes: 'Yes, sign me out',
    logoutNo: 'No, keep this service signed in',
    loggedOutTitle: 'You are signed out',
    loggedOutIntro: 'You are signed out of the test sign-in service and of every app that uses it. You can close this page.',
    stayedTitle: 'You are still signed in here',
    stayedIntro: 'The app that sent you here has signed you out, but the test sign-in service keeps you signed in: on a shared computer, close every browser window.',
    errorTitle: 'Sign-in did not work',
    errorIntro: 'The sign-in service could not handle the request:',
  },
  de: {
    provider: 'Test-Anmeldedienst',
    devOnly: 'Nur für Entwicklung und Tests. Test-Agenten: siehe docs/sign-in.md.',
    signInTitle: 'Anmelden',
    signInIntro: 'Melden Sie sich an, um zum Störungsticket-Desk zu gelangen.',
    username: 'Benutzername',
    password: 'Passwort',
    submit: 'Anmelden',
    cancel: 'Abbrechen und zurück',
    problem: 'Es gibt ein Problem',
    wrong: 'Benutzername oder Passwort stimmen nicht. Prüfen Sie beides und versuchen Sie es erneut.',
    missingUsername: 'Geben Sie Ihren Benutzernamen ein',
    missingPassword: 'Geben Sie Ihr Passwort ein',
    logoutTitle: 'Vom Test-Anmeldedienst abmelden?',
    logoutIntro: 'Mit „Ja“ melden Sie sich bei diesem Anmeldedienst und bei allen Anwendungen ab, die ihn nutzen: Wer danach kommt, muss ein Passwort eingeben.',
    logoutStayIntro: 'Mit „Nein“ endet nur die Anmeldung bei der Anwendung, die Sie hierher geschickt hat: Dieser Dienst bleibt angemeldet, und jeder an diesem Computer könnte ihn ohne Passwort als Sie nutzen.',
    logoutYes: 'Ja, abmelden',
    logoutNo: 'Nein, bei diesem Dienst angemeldet bleiben',
    loggedOutTitle: 'Sie sind abgemeldet',
    loggedOutIntro: 'Sie sind vom Test-Anmeldedienst und von allen Anwendungen abgemeldet, die ihn nutzen. Sie können diese Seite schließen.',
    stayedTitle: 'Sie sind hier noch angemeldet',
    stayedIntro: 'Die Anwendung, die Sie hierher geschickt hat, hat Sie abgemeldet, der Test-Anmeldedienst aber nicht: Schließen Sie an einem gemeinsam genutzten Computer alle Browserfenster.',
    errorTitle: 'Die Anmeldung hat nicht funktioniert',
    errorIntro: 'Der Anmeldedienst konnte die Anfrage nicht bearbeiten:',
  },
} as const;

export type Words = (typeof words)[PageLanguage];
export const wordsFor = (language: PageLanguage): Words => words[language];

const style = `
  :root { color-scheme: light dark; --text: #0b0c0c; --back: #ffffff; --muted: #484949; --line: #0b0c0c;
    --error: #aa2a16; --button: #00703c; --button-text: #ffffff; --focus: #ffdd00; --link: #1d70b8; }
  @media (prefers-color-scheme: dark) { :root { --text: #f3f2f1; --back: #121314; --muted: #c8cacc; --line: #f3f2f1;
    --error: #ffb3a8; --button: #4bc88a; --button-text: #0b0c0c; --link: #8ec5ff; } }
  body { margin: 0; font: 1.1875rem/1.4 system-ui, sans-serif; color: var(--text); background: var(--back); }
  header { padding: 0.75rem 1rem; background: #0b0c0c; color: #ffffff; font-weight: 700; }
  main { max-width: 32rem; margin: 0 auto; padding: 1.5rem 1rem 3rem; }
  h1 { font-size: 2rem; line-height: 1.2; margin: 0 0 1rem; }
  .note { color: var(--muted); }
  label { display: block; font-weight: 700; margin: 1.25rem 0 0.25rem; }
  input { font: inherit; width: 100%; box-sizing: border-box; padding: 0.4rem; border: 2px solid var(--line);
    color: var(--text); background: var(--back); }
  .field-error { color: var(--error); font-weight: 700; margin: 0.25rem 0 0; }
  .summary { border: 5px solid var(--error); padding: 0.75rem 1rem; margin-bottom: 1rem; }
  .summary h2 { margin: 0 0 0.5rem; font-size: 1.5rem; }
  .summary a { color: var(--error); font-weight: 700; }
  .actions { display: flex; flex-wrap: wrap; gap: 1rem; align-items: center; margin-top: 1.5rem; }
  button { font: inherit; padding: 0.5rem 1rem; border: 2px solid transparent; background: var(--button);
    color: var(--button-text); cursor: pointer; }
  button.secondary { background: transparent; color: var(--text); border-color: var(--line); }
  a { color: var(--link); }
  :focus-visible { outline: 3px solid var(--focus); outline-offset: 0; box-shadow: inset 0 0 0 2px #0b0c0c; }
  pre { white-space: pre-wrap; overflow-wrap: anywhere; }
`;

export function page(language: PageLanguage, title: string, body: string): string {
  const w = wordsFor(language);
  return `<!DOCTYPE html>
<html lang="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>${escapeHtml(title)} – ${escapeHtml(w.provider)}</title>
<style>${style}</style>
</head>
<body>
<header>${escapeHtml(w.provider)}</header>
<main>
${body}
<p class="note">${escapeHtml(w.devOnly)}</p>
</main>
</body>
</html>`;
}

export type LoginErrors = { username?: string; password?: string; form?: string };

export function loginPage(language: PageLanguage, uid: string, username: string, errors: LoginErrors = {}): string {
  const w = wordsFor(language);
  const summary = Object.entries(errors).filter(([, message]) => message);
  const fieldError = (id: 'username' | 'password') =>
    errors[id] ? `<p class="field-error" id="${id}-error">${escapeHtml(errors[id])}</p>` : '';
  const describedBy = (id: 'username' | 'password') => (errors[id] ? ` aria-describedby="${id}-error" aria-invalid="true"` : '');
  const body = `
<h1>${escapeHtml(w.signInTitle)}</h1>
${
  summary.length
    ? `<div class="summary" role="alert" tabindex="-1" id="summary"><h2>${escapeHtml(w.problem)}</h2><ul>${summary
        .map(([field, message]) => `<li><a href="#${field === 'form' ? 'username' : field}">${escapeHtml(message ?? '')}</a></li>`)
        .join('')}</ul></div>`
    : ''
}
<p>${escapeHtml(w.signInIntro)}</p>
<form method="post" action="/interaction/${escapeHtml(uid)}/login" novalidate>
  <label for="username">${escapeHtml(w.username)}</label>
  ${fieldError('username')}
  <input id="username" name="username" type="text" autocomplete="username" spellcheck="false" value="${escapeHtml(username)}"${describedBy('username')}>
  <label for="password">${escapeHtml(w.password)}</label>
  ${fieldError('password')}
  <input id="password" name="password" type="password" autocomplete="current-password"${describedBy('password')}>
  <div class="actions">
    <button type="submit">${escapeHtml(w.submit)}</button>
    <a href="/interaction/${escapeHtml(uid)}/abort">${escapeHtml(w.cancel)}</a>
  </div>
</form>
${summary.length ? '<script>document.getElementById("summary").focus();</script>' : '<script>document.getElementById("username").focus();</script>'}`;
  return page(language, w.signInTitle, body);
}

/** oidc-provider hands over its own form (hidden xsrf field); the buttons submit it. */
export function logoutPage(language: PageLanguage, form: string): string {
  const w = wordsFor(language);
  return page(
    language,
    w.logoutTitle,
    `<h1>${escapeHtml(w.logoutTitle)}</h1>
<p>${escapeHtml(w.logoutIntro)}</p>
<p>${escapeHtml(w.logoutStayIntro)}</p>
${form}
<div class="actions">
  <button type="submit" form="op.logoutForm" name="logout" value="yes">${escapeHtml(w.logoutYes)}</button>
  <button type="submit" form="op.logoutForm" class="secondary">${escapeHtml(w.logoutNo)}</button>
</div>`,
  );
}

/** After the sign-out question: says what happened (`stayed`: the agent kept this service's session). */
export function loggedOutPage(language: PageLanguage, outcome: 'ended' | 'stayed' = 'ended'): string {
  const w = wordsFor(language);
  const [title, intro] = outcome === 'ended' ? [w.loggedOutTitle, w.loggedOutIntro] : [w.stayedTitle, w.stayedIntro];
  return page(language, title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(intro)}</p>`);
}

export function errorPage(language: PageLanguage, details: Record<string, unknown>): string {
  const w = wordsFor(language);
  const lines = Object.entries(details)
    .map(([key, value]) => `<pre><strong>${escapeHtml(key)}</strong>: ${escapeHtml(String(value))}</pre>`)
    .join('');
  return page(language, w.errorTitle, `<h1>${escapeHtml(w.errorTitle)}</h1><p>${escapeHtml(w.errorIntro)}</p>${lines}`);
}
