/** Saved views on the ticket list: save, apply, delete with undo, kept per agent, broken storage ignored. */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { userKey, writeJson, writePreference } from '../../lib/storage';
import { agent, shownIds, showList, summary, setUpTicketService } from '../../testing/ticket-list-service';

const service = setUpTicketService();

async function openViews(user: ReturnType<typeof userEvent.setup>) {
  const summaryControl = screen.getByText('Saved views', { selector: 'summary' });
  if (!summaryControl.closest('details')!.open) await user.click(summaryControl);
  return summaryControl.closest('details')!;
}

async function saveView(user: ReturnType<typeof userEvent.setup>, name: string) {
  const panel = await openViews(user);
  const field = within(panel).getByRole('textbox', { name: 'Name of the view' });
  await user.clear(field);
  await user.type(field, name);
  await user.click(within(panel).getByRole('button', { name: 'Save current view' }));
  return panel;
}

describe('saved views', () => {
  it('saves the filters, columns, sort and page size (not the page), and applies them later', async () => {
    const user = userEvent.setup();
    const first = await showList('/tickets?status=held&sort=id&columns=id,status&pageSize=10&page=2', { session: agent('ana') });
    const panel = await saveView(user, 'Held by id');
    expect(within(panel).getByRole('status')).toHaveTextContent('View “Held by id” saved.');
    const link = within(panel).getByRole('link', { name: 'Held by id' });
    expect(link).toHaveAttribute('href', '/tickets?status=held&sort=id&columns=id,status&pageSize=10');
    expect(link).toHaveAttribute('aria-current', 'true');
    first.unmount();

    // A new visit (a reload) of the plain list: the view is still there, and one click brings its state back.
    const { router } = await showList('/tickets', { session: agent('ana') });
    const again = await openViews(user);
    await user.click(within(again).getByRole('link', { name: 'Held by id' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=held&sort=id&columns=id,status&pageSize=10'));
    const request = service.lastListRequest()!.searchParams;
    expect([request.get('status'), request.get('sort'), request.get('fields'), request.get('limit')]).toEqual(['held', 'id', 'id,status', '10']);
    await waitFor(() => expect(shownIds()).toHaveLength(10));
    expect(screen.getAllByRole('columnheader')).toHaveLength(2);
  });

  it('deletes a view in the page with an Undo that puts it back in its place', async () => {
    const user = userEvent.setup();
    await showList('/tickets', { session: agent('ana') });
    await saveView(user, 'One');
    const panel = await saveView(user, 'Two');
    const list = within(panel).getByRole('list', { name: 'Your saved views' });
    await user.click(within(list).getByRole('button', { name: 'Delete view “One”' }));
    expect(within(panel).getByRole('status')).toHaveTextContent('View “One” deleted.');
    expect(within(panel).getAllByRole('link').map((l) => l.textContent)).toEqual(['Two']);
    const undo = within(panel).getByRole('button', { name: 'Undo deleting view “One”' });
    expect(undo).toHaveFocus();
    await user.click(undo);
    expect(within(panel).getAllByRole('link').map((l) => l.textContent)).toEqual(['One', 'Two']);
    expect(within(panel).getByRole('link', { name: 'One' })).toHaveFocus();

    await user.click(within(panel).getByRole('button', { name: 'Delete view “Two”' }));
    expect(JSON.parse(window.localStorage.getItem(`trouble-ticket-desk.${userKey('ana', 'ticket-views')}`) ?? '[]')).toEqual([{ name: 'One', query: '' }]);
  });

  it('wants a name, not longer than 60 characters, that is not taken (any case)', async () => {
    const user = userEvent.setup();
    await showList('/tickets', { session: agent('ana') });
    const panel = await saveView(user, '   ');
    const field = within(panel).getByRole('textbox', { name: 'Name of the view' });
    expect(field).toHaveAccessibleDescription('For example: Open disputes Error: Name of the view: enter a name');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveFocus();

    await saveView(user, 'x'.repeat(61));
    expect(field).toHaveAccessibleDescription(/at most 60 characters/);

    await saveView(user, 'Mine');
    expect(field).not.toHaveAttribute('aria-invalid');
    await saveView(user, ' MINE ');
    expect(field).toHaveAccessibleDescription(/“MINE” is taken; choose another name or delete that view first/);
    expect(within(panel).getAllByRole('link').map((l) => l.textContent)).toEqual(['Mine']);
  });

  it('keeps each agent’s views apart', async () => {
    const user = userEvent.setup();
    const ana = await showList('/tickets?status=pending', { session: agent('ana') });
    await saveView(user, 'Ana’s pending');
    ana.unmount();

    await showList('/tickets', { session: agent('ben') });
    const panel = await openViews(user);
    expect(within(panel).queryByRole('link')).toBeNull();
    expect(within(panel).getByText('You have no saved views yet.')).toBeInTheDocument();
  });

  it('ignores broken or tampered storage and keeps working', async () => {
    const user = userEvent.setup();
    writeJson(userKey('ana', 'ticket-views'), [{ name: 7 }, { name: 'Kept', query: 'status=held,nonsense&columns=id,password' }, 'junk']);
    writePreference(userKey('ben', 'ticket-views'), '{not json');
    const ana = await showList('/tickets', { session: agent('ana') });
    const panel = await openViews(user);
    expect(within(panel).getByRole('link', { name: 'Kept' })).toHaveAttribute('href', '/tickets?status=held&columns=id');
    ana.unmount();

    await showList('/tickets', { session: agent('ben') });
    expect(within(await openViews(user)).getByText('You have no saved views yet.')).toBeInTheDocument();
    expect(summary()).toHaveTextContent('1–20 of 240');
  });
});
