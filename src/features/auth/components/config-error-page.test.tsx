/** The page shown instead of the app when a setting fails the start-up check: it names each variable and says why. */
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { readConfig } from '../../../lib/config';
import { i18n } from '../../../lib/i18n';
import { ConfigErrorPage } from './config-error-page';

const realMode = { VITE_OIDC_AUTHORITY: 'https://login.example.com', VITE_OIDC_CLIENT_ID: 'desk' };

function showPageFor(env: Record<string, string | undefined>) {
  const { problems } = readConfig(env);
  render(<ConfigErrorPage problems={problems} />);
  return within(screen.getByRole('alert'));
}

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('the configuration error page', () => {
  it.each([
    [{ VITE_OIDC_CLIENT_ID: 'desk' }, 'VITE_OIDC_AUTHORITY is not set.'],
    [{ VITE_OIDC_AUTHORITY: 'https://login.example.com' }, 'VITE_OIDC_CLIENT_ID is not set.'],
    [{ ...realMode, VITE_OIDC_AUTHORITY: 'login.example.com' }, 'VITE_OIDC_AUTHORITY must be a full http or https address, like https://login.example.com/realms/desk. It is set to “login.example.com”.'],
    [{ ...realMode, VITE_OIDC_AUTHORITY: 'http://login.example.com' }, 'VITE_OIDC_AUTHORITY must use https; plain http is allowed only for localhost and 127.0.0.1.'],
    [{ ...realMode, VITE_OIDC_AUTHORITY: 'https://login.example.com?x=1' }, 'VITE_OIDC_AUTHORITY must not contain “?” or “#”.'],
    [{ ...realMode, VITE_OIDC_CLIENT_ID: 'my desk' }, 'VITE_OIDC_CLIENT_ID must not contain spaces. It is set to “my desk”.'],
    [{ ...realMode, VITE_OIDC_SCOPE: 'profile' }, 'VITE_OIDC_SCOPE must contain the scope “openid”.'],
    [{ ...realMode, VITE_OIDC_RESOURCE: 'tickets-api' }, 'VITE_OIDC_RESOURCE must be an absolute URI'],
    [{ ...realMode, VITE_API_BASE_URL: 'tmf-api' }, 'VITE_API_BASE_URL must be a path on this site starting with “/”, or a full http or https address.'],
    [{ ...realMode, VITE_SESSION_WARNING_SECONDS: '5' }, 'VITE_SESSION_WARNING_SECONDS must be a whole number of seconds from 20 to 3600. It is set to “5”.'],
    [{ ...realMode, VITE_DEMO: 'yes' }, 'VITE_DEMO must be “true” or “false”. It is set to “yes”.'],
    [{ VITE_AUTH_MODE: 'bff' }, 'VITE_AUTH_MODE must be “direct” (agents’ tokens from the browser) or “gateway” (the desk gateway signs agents in). It is set to “bff”.'],
  ])('with %j says: %s', (env, words) => {
    const problems = showPageFor(env);
    expect(problems.getByRole('listitem')).toHaveTextContent(words);
  });

  it('lists every problem at once, under a heading that says the app is not set up', () => {
    const problems = showPageFor({ VITE_SESSION_WARNING_SECONDS: 'two minutes' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('The app is not set up correctly');
    expect(problems.getAllByRole('listitem').map((item) => item.querySelector('code')?.textContent)).toEqual([
      'VITE_SESSION_WARNING_SECONDS',
      'VITE_OIDC_AUTHORITY',
      'VITE_OIDC_CLIENT_ID',
    ]);
  });

  it('reads German', async () => {
    await i18n.changeLanguage('de');
    const problems = showPageFor({ VITE_OIDC_CLIENT_ID: 'desk' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Die Anwendung ist nicht richtig eingerichtet');
    expect(problems.getByRole('listitem')).toHaveTextContent('VITE_OIDC_AUTHORITY ist nicht gesetzt.');
  });

  it('names a wrong sign-in mode in German', async () => {
    await i18n.changeLanguage('de');
    const problems = showPageFor({ VITE_AUTH_MODE: 'Gateway' });
    expect(problems.getByRole('listitem')).toHaveTextContent('VITE_AUTH_MODE muss „direct“ (Tokens der Bearbeiter aus dem Browser) oder „gateway“');
  });
});
