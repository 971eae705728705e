/** The frame of every page: skip link, banner, navigation with the current page, and the language switch. */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startingDemoService } from '../../lib/demo-service';
import { changeLanguage, i18n } from '../../lib/i18n';
import { NotFoundRoute } from '../routes/not-found-route';
import { readPreference } from '../../lib/storage';
import { renderApp } from '../../testing/render-app';
import { RootLayout } from './root-layout';

const server = setupServer(
  http.get('*/tmf-api/troubleTicket/v5/*', () => HttpResponse.json([], { headers: { 'X-Total-Count': '0' } })),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

beforeEach(async () => {
  window.localStorage.clear();
  await changeLanguage('en');
  window.localStorage.clear();
});
afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('layout', () => {
  it('starts with the skip link, then the banner with the app name linking to the overview', async () => {
    renderApp('/tickets');
    // The list's chunk is the largest screen's: its first load in a test takes longer than the default second.
    await screen.findByRole('heading', { level: 1, name: 'Tickets' }, { timeout: 10_000 });
    const links = screen.getAllByRole('link');
    expect(links[0]).toHaveAccessibleName('Skip to main content');
    expect(links[0]).toHaveAttribute('href', '#main');
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: 'Trouble Ticket Desk' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
  });

  it('in the demo, shows the screen at once and asks for its data once the in-browser service runs, with progress meanwhile', async () => {
    let started: () => void = () => undefined;
    startingDemoService(new Promise<void>((resolve) => (started = resolve)));
    const asked: string[] = [];
    const listener = ({ request }: { request: Request }) => void asked.push(request.url);
    server.events.on('request:start', listener);
    try {
      renderApp('/tickets');
      await screen.findByRole('heading', { level: 1, name: 'Tickets' });
      expect(await within(screen.getByRole('main')).findByText('Loading…')).toBeVisible();
      // Time for a request to go out, if one were not waiting for the service.
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(asked).toEqual([]);
      started();
      expect(await within(screen.getByRole('main')).findByText('There are no tickets yet.')).toBeVisible();
      expect(asked.some((url) => url.includes('/troubleTicket?'))).toBe(true);
      expect(screen.queryByText('Loading…')).toBeNull();
    } finally {
      server.events.removeListener('request:start', listener);
    }
  });

  it('lists the three screens in the main navigation and marks only the current one', async () => {
    renderApp('/tickets/new');
    await screen.findByRole('heading', { level: 1, name: 'New ticket' });
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    const names = within(nav).getAllByRole('link').map((link) => link.textContent);
    expect(names).toEqual(['Tickets', 'New ticket', 'Order cancellations']);
    expect(within(nav).getByRole('link', { name: 'New ticket' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Tickets' })).not.toHaveAttribute('aria-current');
  });

  // Every page marks the entry it belongs to (issue 37): a ticket is "Tickets", every cancellation page is "Order
  // cancellations", the overview (in no entry) and an unknown address mark nothing.
  it.each([
    ['/', undefined],
    ['/tickets', 'Tickets'],
    ['/tickets/TT-000005', 'Tickets'],
    ['/tickets/new', 'New ticket'],
    ['/cancel-orders', 'Order cancellations'],
    ['/cancel-orders/new', 'Order cancellations'],
    ['/cancel-orders/CPO-000001', 'Order cancellations'],
    ['/tickets-old', undefined],
    ['/no/such/page', undefined],
  ])('on %s marks %s as the current page', async (path, name) => {
    renderApp(path, { routes: [{ path: '/', element: <RootLayout demo={false} />, children: [{ path: '*', Component: NotFoundRoute }, { index: true, Component: NotFoundRoute }] }] });
    const banner = await screen.findByRole('banner');
    const marked = within(banner).queryAllByRole('link', { current: 'page' }).map((link) => link.textContent);
    expect(marked).toEqual(name ? [name] : []);
  });

  it('switches every string to German at once, sets <html lang> and remembers the choice', async () => {
    const user = userEvent.setup();
    renderApp('/cancel-orders');
    await screen.findByRole('heading', { level: 1, name: 'Order cancellations' });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'Deutsch');

    const nav = await screen.findByRole('navigation', { name: 'Hauptnavigation' });
    expect(within(nav).getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Tickets',
      'Neues Ticket',
      'Auftragsstornierungen',
    ]);
    expect(screen.getByRole('link', { name: 'Störungsticket-Desk' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Auftragsstornierungen' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Sprache' })).toHaveValue('de');
    expect(document.documentElement.lang).toBe('de');
    expect(document.title).toBe('Auftragsstornierungen – Störungsticket-Desk');
    expect(readPreference('language')).toBe('de');
  });

  it('moves focus to the new page heading after navigating, and names the page in the title', async () => {
    const user = userEvent.setup();
    renderApp('/tickets');
    // The list's chunk is the largest screen's: its first load in a test takes longer than the default second.
    await screen.findByRole('heading', { level: 1, name: 'Tickets' }, { timeout: 10_000 });
    expect(document.title).toBe('Tickets – Trouble Ticket Desk');
    // The first page load leaves focus alone, so Tab still starts at the skip link.
    expect(document.body).toHaveFocus();

    await user.click(screen.getByRole('link', { name: 'Order cancellations' }));

    const heading = await screen.findByRole('heading', { level: 1, name: 'Order cancellations' });
    expect(heading).toHaveFocus();
    expect(document.title).toBe('Order cancellations – Trouble Ticket Desk');
  });

  it('skip link moves focus to main', async () => {
    const user = userEvent.setup();
    renderApp('/tickets');
    // The list's chunk is the largest screen's: its first load in a test takes longer than the default second.
    await screen.findByRole('heading', { level: 1, name: 'Tickets' }, { timeout: 10_000 });
    await user.tab();
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
  });

  it.each([
    [true, 'en', 'Demo data'],
    [true, 'de', 'Demodaten'],
  ])('in demo mode (%s, %s) marks the banner with "%s" and a hint', async (demo, language, marker) => {
    await i18n.changeLanguage(language);
    renderApp('/', { routes: [{ path: '/', element: <RootLayout demo={demo} />, children: [{ index: true, Component: NotFoundRoute }] }] });
    const banner = await screen.findByRole('banner');
    expect(within(banner).getByText(marker)).toBeVisible();
    expect(within(banner).getByText(/mocked service|Simulierte Daten/)).toBeInTheDocument();
  });

  it('shows no demo marker when the real service is used', async () => {
    renderApp('/', { routes: [{ path: '/', element: <RootLayout demo={false} />, children: [{ index: true, Component: NotFoundRoute }] }] });
    const banner = await screen.findByRole('banner');
    expect(within(banner).queryByText('Demo data')).not.toBeInTheDocument();
  });
});
