/** The header's menu button (a phone's way to the navigation and the less used tools): a disclosure by keyboard. */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage, i18n } from '../../lib/i18n';
import { renderApp } from '../../testing/render-app';

const server = setupServer(
  http.get('*/tmf-api/troubleTicket/v5/*', () => HttpResponse.json([], { headers: { 'X-Total-Count': '0' } })),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(async () => {
  window.localStorage.clear();
  await changeLanguage('en');
});
afterEach(async () => {
  await i18n.changeLanguage('en');
});

async function openPage() {
  renderApp('/cancel-orders');
  await screen.findByRole('heading', { level: 1, name: 'Order cancellations' }, { timeout: 10_000 });
  return within(screen.getByRole('banner')).getByRole('button', { name: 'Menu' });
}

describe('header menu', () => {
  it('controls the navigation and the language and account tools, and starts closed', async () => {
    const menu = await openPage();
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    const controlled = (menu.getAttribute('aria-controls') ?? '').split(' ').map((id) => document.getElementById(id));
    expect(controlled).toContain(screen.getByRole('navigation', { name: 'Main navigation' }));
    const tools = controlled.find((element) => element?.tagName === 'DIV');
    expect(within(tools ?? document.createElement('div')).getByRole('combobox', { name: 'Language' })).toBeInTheDocument();
    expect(within(tools ?? document.createElement('div')).getByRole('group', { name: /account/i })).toBeInTheDocument();
    // Never behind the button: the search and Notifications.
    expect(tools).not.toContainElement(screen.getByRole('searchbox', { name: 'Find a ticket' }));
    expect(tools).not.toContainElement(screen.getByRole('button', { name: 'Notifications' }));
  });

  it('opens with Enter, closes with Escape from inside and gives focus back to the button', async () => {
    const user = userEvent.setup();
    const menu = await openPage();
    menu.focus();
    await user.keyboard('{Enter}');
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    await user.tab();
    expect(screen.getByRole('combobox', { name: 'Language' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(menu).toHaveFocus();
    await user.keyboard(' ');
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard(' ');
    expect(menu).toHaveAttribute('aria-expanded', 'false');
  });

  it('leaves Escape pressed outside the menu alone', async () => {
    const user = userEvent.setup();
    const menu = await openPage();
    await user.click(menu);
    await user.click(screen.getByRole('searchbox', { name: 'Find a ticket' }));
    await user.keyboard('{Escape}');
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('searchbox', { name: 'Find a ticket' })).toHaveFocus();
  });

  it('closes when a link in it opens another page', async () => {
    const user = userEvent.setup();
    const menu = await openPage();
    await user.click(menu);
    await user.click(within(screen.getByRole('navigation', { name: 'Main navigation' })).getByRole('link', { name: 'New ticket' }));
    await screen.findByRole('heading', { level: 1, name: 'New ticket' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
  });

  it('is named in German too', async () => {
    await changeLanguage('de');
    renderApp('/cancel-orders');
    await screen.findByRole('heading', { level: 1, name: 'Auftragsstornierungen' }, { timeout: 10_000 });
    expect(within(screen.getByRole('banner')).getByRole('button', { name: 'Menü' })).toHaveAttribute('aria-expanded', 'false');
  });
});
