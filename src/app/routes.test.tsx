/** Every address has a screen with words: each screen's heading and title, the not-found page and the error screens. */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../lib/i18n';
import { AppErrorBoundary } from './errors/app-error-boundary';
import { LayoutError, ScreenError } from './errors/route-error';
import { RootLayout } from './layout/root-layout';
import { renderApp } from '../testing/render-app';

beforeEach(async () => {
  await i18n.changeLanguage('en');
});

describe('every screen names itself', () => {
  it.each([
    ['/tickets', 'Tickets'],
    ['/tickets/TT-000123', 'Ticket TT-000123'],
    ['/tickets/new', 'New ticket'],
    ['/cancel-orders', 'Order cancellations'],
    ['/cancel-orders/CPO-000012', 'Cancellation CPO-000012'],
    ['/cancel-orders/new', 'New cancellation'],
  ])('%s has its heading, its document title, and no placeholder', async (path, title) => {
    renderApp(path);
    // The first screen a test file loads waits for its chunk (and the layout's): longer than the default second.
    expect(await screen.findByRole('heading', { level: 1, name: title }, { timeout: 10_000 })).toBeInTheDocument();
    // A wizard step may name itself first ("Ticket – New ticket – …"), as GOV.UK titles do.
    expect(document.title.endsWith(`${title} – Trouble Ticket Desk`)).toBe(true);
    expect(screen.queryByText('This screen is not built yet.')).not.toBeInTheDocument();
  });
});

describe('an unknown address', () => {
  it.each(['/nope', '/tickets/1/extra', '/cancel-orders/1/2'])('%s shows "Page not found" with the way back', async (path) => {
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the overview' })).toHaveAttribute('href', '/');
    // Inside the layout: the navigation is still there.
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
  });
});

/** What a slip in the app's own code throws: its message is for the console, not for the agent (issue 28). */
const crash = new TypeError("Cannot read properties of undefined (reading 'items')");
function Boom(): never {
  throw crash;
}

describe('a render error', () => {
  let reload: ReturnType<typeof vi.fn>;
  let logged: ReturnType<typeof vi.spyOn>;
  const realLocation = window.location;

  beforeEach(() => {
    // React and the router report the caught error on the console; that is expected here.
    logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    reload = vi.fn();
    Object.defineProperty(window, 'location', { configurable: true, value: { ...realLocation, reload } });
  });
  afterEach(() => {
    Object.defineProperty(window, 'location', { configurable: true, value: realLocation });
  });

  async function expectErrorScreen() {
    expect(await screen.findByRole('heading', { level: 1, name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByText(/^The app ran into an unexpected problem\. Try again;/)).toBeInTheDocument();
    // The exception's own words stay in the console, for whoever is asked to look.
    expect(document.body).not.toHaveTextContent(/undefined|items|TypeError/);
    expect(logged.mock.calls.flat()).toContain(crash);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledOnce();
  }

  it('in a screen shows the error in words inside the layout, with Reload', async () => {
    renderApp('/', {
      routes: [{ path: '/', Component: RootLayout, children: [{ errorElement: <ScreenError />, children: [{ index: true, Component: Boom }] }] }],
    });
    await expectErrorScreen();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
  });

  it('in the layout itself shows the error on its own page, with Reload', async () => {
    renderApp('/', { routes: [{ path: '/', Component: Boom, errorElement: <LayoutError /> }] });
    await expectErrorScreen();
    expect(screen.getByRole('main')).toBeInTheDocument();
  });

  it('outside the router is caught by the top-level boundary', async () => {
    render(
      <AppErrorBoundary>
        <Boom />
      </AppErrorBoundary>,
    );
    await expectErrorScreen();
  });
});
