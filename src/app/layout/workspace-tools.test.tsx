/**
 * The header's work tools, by keyboard as an agent uses them: `/` and the search field, the single-key shortcuts and
 * their off switch, `g` sequences, and the cheat sheet (the palette, cmdk, is tested in Chromium: e2e/workspace.spec.ts).
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { polyfillDialog } from '../../testing/fake-user-manager';
import { forgetSettings, writeSettings } from '../../lib/agent-settings';
import { setUpTicketService } from '../../testing/ticket-list-service';
import { renderApp } from '../../testing/render-app';

const service = setUpTicketService();

beforeAll(() => {
  polyfillDialog();
  // cmdk scrolls the chosen item into view; jsdom has no layout to scroll.
  Element.prototype.scrollIntoView = function scrollIntoView() {};
  // cmdk measures its list; jsdom has no layout to measure.
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});
beforeEach(() => forgetSettings());

/** The overview with its heading shown and focus on the page (nothing typed into a field). */
async function overview() {
  const view = renderApp('/');
  await screen.findByRole('heading', { level: 1, name: 'Overview' }, { timeout: 10_000 });
  return view;
}

const search = () => within(screen.getByRole('search', { name: 'Find a ticket' })).getByRole('searchbox', { name: 'Find a ticket' });

describe('finding a ticket from the header', () => {
  it('`/` moves to the search field without typing the slash; an external identifier opens its one ticket', async () => {
    const user = userEvent.setup();
    const ticket = service.store.ticket('TT-000123')!;
    const { router } = await overview();
    await user.keyboard('/');
    await waitFor(() => expect(search()).toHaveFocus());
    expect(search()).toHaveValue('');
    await user.keyboard(`${ticket.externalIdentifier[0].id}{Enter}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/tickets/TT-000123'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Ticket TT-000123' })).toBeInTheDocument();
  });

  it('a ticket id opens that ticket', async () => {
    const user = userEvent.setup();
    const { router } = await overview();
    await user.type(search(), 'TT-000042{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/tickets/TT-000042'));
  });

  it('no single match: the list filtered by the words, which says that nothing matches', async () => {
    const user = userEvent.setup();
    const { router } = await overview();
    await user.type(search(), 'NO-SUCH-TICKET{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?externalId=NO-SUCH-TICKET'));
    expect(await screen.findByText('No tickets match these filters.', undefined, { timeout: 10_000 })).toBeInTheDocument();
  });

  it('takes at most 36 characters, the longest external identifier', async () => {
    await overview();
    expect(search()).toHaveAttribute('maxlength', '36');
  });
});

describe('single-key shortcuts', () => {
  it('`c` starts a new ticket; `g t`, `g c` and `g o` go to the lists and the overview', async () => {
    const user = userEvent.setup();
    const { router } = await overview();
    await user.keyboard('c');
    await waitFor(() => expect(router.state.location.pathname).toBe('/tickets/new'));
    await screen.findByRole('heading', { level: 1, name: 'New ticket' }, { timeout: 10_000 });
    await user.keyboard('gt');
    await waitFor(() => expect(router.state.location.pathname).toBe('/tickets'));
    await user.keyboard('gc');
    await waitFor(() => expect(router.state.location.pathname).toBe('/cancel-orders'));
    await user.keyboard('go');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('never fire while typing in a field', async () => {
    const user = userEvent.setup();
    const { router } = await overview();
    await user.type(search(), 'c');
    await user.keyboard('gt?');
    expect(search()).toHaveValue('cgt?');
    expect(router.state.location.pathname).toBe('/');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('switched off in Settings (kept per agent), `c`, `/` and `?` do nothing', async () => {
    const user = userEvent.setup();
    const { router } = await overview();
    await user.click(screen.getByRole('button', { name: 'Settings' }));
    const settings = await screen.findByRole('dialog', { name: 'Settings' });
    await user.click(within(settings).getByRole('checkbox', { name: /Single-key shortcuts/ }));
    await user.click(within(settings).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    (document.activeElement as HTMLElement).blur();
    // Ctrl+K after them: once its palette shows, the keys before it have been handled (in order) too.
    await user.keyboard('c/?{Control>}k{/Control}');
    await screen.findByRole('dialog', { name: 'Commands' }, { timeout: 10_000 });
    expect(router.state.location.pathname).toBe('/');
    expect(screen.queryByRole('dialog', { name: 'Keyboard shortcuts' })).not.toBeInTheDocument();
    expect(JSON.parse(window.localStorage.getItem('trouble-ticket-desk.user.demo-agent.workspace-settings') ?? '{}')).toEqual({
      shortcuts: false,
      density: 'compact',
    });
  });

  it('Ctrl+K still opens the commands while single keys are off (it is no single key)', async () => {
    act(() => writeSettings('demo-agent', { shortcuts: false }));
    const user = userEvent.setup();
    await overview();
    await user.keyboard('{Control>}k{/Control}');
    expect(await screen.findByRole('dialog', { name: 'Commands' }, { timeout: 10_000 })).toBeInTheDocument();
  });
});

describe('the cheat sheet', () => {
  it('`?` lists every shortcut in the current language; Close returns focus where it was', async () => {
    const user = userEvent.setup();
    await overview();
    const link = screen.getByRole('link', { name: 'Tickets' });
    link.focus();
    await user.keyboard('?');
    const sheet = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    const rows = within(sheet).getAllByRole('row').slice(1).map((row) => row.textContent);
    expect(rows).toEqual([
      '/Find a ticket (moves to the search field)',
      'Ctrl + KOpen the commands',
      '?Show this list',
      'cNew ticket',
      'g then tGo to the tickets',
      'g then oGo to the overview',
      'g then cGo to the order cancellations',
      'jNext row of a list',
      'kPrevious row of a list',
      'EnterOpen the row in focus',
    ]);
    await user.click(within(sheet).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(link).toHaveFocus();
  });

  it('is reachable without a shortcut, from Settings, and speaks German', async () => {
    const user = userEvent.setup();
    await overview();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'Deutsch');
    await user.click(await screen.findByRole('button', { name: 'Einstellungen' }));
    const settings = await screen.findByRole('dialog', { name: 'Einstellungen' });
    await user.click(within(settings).getByRole('button', { name: 'Tastenkürzel zeigen' }));
    const sheet = await screen.findByRole('dialog', { name: 'Tastenkürzel' });
    expect(within(sheet).getByRole('row', { name: /Neues Ticket/ })).toBeInTheDocument();
    expect(within(sheet).getByRole('columnheader', { name: 'Was sie tun' })).toBeInTheDocument();
    // The Control key as German keyboards label it, in the sheet and on the header's button.
    expect(within(sheet).getByRole('row', { name: /Befehle öffnen/ })).toHaveTextContent(/^Strg \+ K/);
    expect(screen.getByRole('button', { name: 'Befehle Strg K' })).toBeInTheDocument();
  });
});
