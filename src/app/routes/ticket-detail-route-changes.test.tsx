/** The detail page made for work: the summary header, copy with its announcement, and the banner on a changed ticket. */
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { focusManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n';
import { renderApp } from '../../testing/render-app';
import { group, maximalTicket, minimalTicket, rows, setUpDetailTests, summary, tickets, valueOf } from '../../testing/ticket-detail-service';

setUpDetailTests();

afterEach(() => {
  focusManager.setFocused(undefined);
  vi.restoreAllMocks();
});

/** The agent comes back to the window: the page asks the service again (as an event or the minute's refresh does). */
function refocus() {
  act(() => {
    focusManager.setFocused(false);
    focusManager.setFocused(true);
  });
}

async function open(id: string) {
  const view = renderApp(`/tickets/${id}`);
  await screen.findByRole('region', { name: 'Ticket' });
  return view;
}

const banner = () => screen.queryByText('This ticket changed while you had it open')?.parentElement ?? null;

describe('the summary header', () => {
  it('shows status, ticket id, external id, ticket type, created, last update and expected resolution', async () => {
    await open('tt-0002');
    const ticket = maximalTicket();
    expect(rows(summary())).toEqual({
      Status: 'In progress',
      Ticket: 'tt-0002 Copy',
      'External identifier': `${ticket.externalIdentifier?.[0]?.id} Copy`,
      'Ticket type': 'Fault',
      Created: expect.stringMatching(/^\d{1,2} \w{3} \d{4}, \d{2}:\d{2} CES?T$/),
      'Last update': expect.stringMatching(/CES?T$/),
      'Expected resolution': expect.stringMatching(/CES?T$/),
    });
    const jumps = within(screen.getByRole('navigation', { name: 'Sections of this ticket' })).getAllByRole('link');
    expect(jumps[0]).toHaveAttribute('href', '#detail-ticket');
    expect(jumps.map((link) => link.textContent)).toContain('Status history');
  });

  it('says "Not provided" for what a minimal ticket lacks, and offers no copy of an absent external id', async () => {
    const { externalIdentifier: _sent, ...withoutExternalId } = minimalTicket();
    tickets.set('tt-0004', withoutExternalId);
    await open('tt-0004');
    expect(valueOf(summary(), 'External identifier')).toHaveTextContent(/^Not provided$/);
    expect(valueOf(summary(), 'Created')).toHaveTextContent(/^Not provided$/);
    expect(within(summary()).getAllByRole('button', { name: /^Copy/ })).toHaveLength(1);
  });

  it('copies the ids and says so in a live region; a refused copy says how to copy by hand', async () => {
    const user = userEvent.setup();
    await open('tt-0002');
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    await user.click(screen.getByRole('button', { name: 'Copy ticket id tt-0002' }));
    expect(writeText).toHaveBeenCalledWith('tt-0002');
    expect(await within(summary()).findByRole('status')).toHaveTextContent('Copied tt-0002');

    const externalId = String(maximalTicket().externalIdentifier?.[0]?.id);
    writeText.mockRejectedValue(new Error('denied'));
    await user.click(screen.getByRole('button', { name: `Copy external identifier ${externalId}` }));
    expect(await within(summary()).findByText(`Could not copy ${externalId}. Select it and press Ctrl+C.`)).toHaveRole('status');
  });
});

describe('a ticket that changes while it is open', () => {
  it('says what changed, marks the changed parts, and clears both on "Mark as seen"', async () => {
    const user = userEvent.setup();
    await open('tt-0002');
    expect(banner()).toBeNull();
    const before = maximalTicket();
    const newNote = { author: 'Provider', date: '2026-12-02T09:00:00Z', text: 'Engineer on site' };
    tickets.set('tt-0002', {
      ...before,
      status: 'resolved',
      severity: 'minor',
      note: [...(before.note ?? []), newNote],
      statusChange: [...(before.statusChange ?? []), { status: 'resolved', changeDate: '2026-12-02T09:00:00Z' }],
    });

    refocus();

    await screen.findByText('This ticket changed while you had it open');
    const lines = within(banner() as HTMLElement)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(lines).toEqual(['Status: In progress → Resolved', '1 new note', '1 new status history entry', 'Changed: Severity']);
    // The parts are marked in words: the status in the summary, the row, the new note and step, the groups' headings.
    expect(within(summary()).getByText('Status', { selector: 'dt' })).toHaveTextContent('Status Changed');
    expect(within(group('Ticket')).getByText(/^Severity/, { selector: 'dt' })).toHaveTextContent('Severity Changed');
    expect(within(group('Notes')).getByText('Engineer on site').closest('li')).toHaveTextContent(/^New Provider/);
    expect(within(group('Status history')).getAllByText('New')).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 2, name: 'Notes Changed' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Notes Changed' })).toHaveAttribute('href', '#detail-notes');

    await user.click(screen.getByRole('button', { name: 'Mark as seen' }));
    expect(banner()).toBeNull();
    expect(screen.queryByText('Changed')).not.toBeInTheDocument();
    expect(screen.queryByText('New')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveFocus();
    expect(valueOf(summary(), 'Status')).toHaveTextContent('Resolved');
  });

  it('says nothing when a refresh brings the same ticket', async () => {
    await open('tt-0002');
    tickets.set('tt-0002', { ...maximalTicket(), lastUpdateDate: '2026-12-09T09:00:00Z' });
    refocus();
    await within(summary()).findByText('9 Dec 2026, 10:00 CET');
    expect(banner()).toBeNull();
  });

  it('says it in German', async () => {
    await i18n.changeLanguage('de');
    renderApp('/tickets/tt-0002');
    await screen.findByRole('region', { name: 'Ticket' });
    tickets.set('tt-0002', { ...maximalTicket(), status: 'pending' });
    refocus();
    const title = await screen.findByText('Dieses Ticket hat sich geändert, während Sie es geöffnet hatten');
    expect(title.parentElement).toHaveTextContent('Status: In Bearbeitung → Wartend');
    expect(screen.getByRole('button', { name: 'Als gesehen markieren' })).toBeInTheDocument();
  });
});
