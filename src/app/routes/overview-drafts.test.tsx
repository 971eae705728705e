/**
 * The overview's unsent tickets: absent without drafts, else every wizard run's draft, the one changed last first,
 * what it is and when it was last changed; Resume opens it on its step, Discard asks once more and removes it only.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { listDrafts, writeDraft } from '../../features/ticket-entry/model/draft';
import type { EntryValues } from '../../features/ticket-entry/model/form-values';
import { disputeValues, faultValues } from '../../testing/entry-values';
import { serveMockService } from '../../testing/entry-service';
import { i18n } from '../../lib/i18n';
import { demoSession } from '../../lib/session';
import { renderApp } from '../../testing/render-app';

serveMockService();

const agent = demoSession.userId;

function storeThree() {
  const dispute: EntryValues = { ...disputeValues(), externalIdentifier: [{ id: 'EXT-D', owner: '', externalIdentifierType: '' }] };
  writeDraft(agent, 'copy', { step: 'contacts', values: faultValues(), origin: { kind: 'copy', ticketId: 'TT-000999' } }, new Date('2026-12-01T09:00:00Z'));
  writeDraft(agent, 'plain', { step: 'ticket', values: { ...faultValues(), ticketType: '' } }, new Date('2026-12-01T11:00:00Z'));
  writeDraft(agent, 'dispute', { step: 'agreements', values: dispute, origin: { kind: 'dispute', ticketId: 'TT-001042' } }, new Date('2026-12-01T10:00:00Z'));
}

async function openList() {
  const view = renderApp('/');
  const section = await screen.findByRole('region', { name: 'Unsent tickets' });
  return { ...view, section };
}

const items = (section: HTMLElement) => within(section).getAllByRole('listitem');

describe('unsent tickets on the overview', () => {
  it('are not shown when the agent has none', async () => {
    writeDraft('agent.two', 'theirs', { step: 'ticket', values: faultValues() });
    renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Overview' });
    await screen.findByRole('region', { name: 'Product orders' });
    expect(screen.queryByRole('region', { name: 'Unsent tickets' })).not.toBeInTheDocument();
  });

  it('lists each draft, changed last first: what it is, its type and external ID, and when it was last changed', async () => {
    storeThree();
    const { section } = await openList();
    const rows = items(section);
    expect(rows.map((row) => row.querySelector('strong')?.textContent)).toEqual(['New ticket', 'Dispute of ticket TT-001042', 'Copy of ticket TT-000999']);
    expect(rows[0]).toHaveTextContent('type not chosen, EXT-0001');
    expect(rows[1]).toHaveTextContent('Dispute, EXT-D');
    expect(rows[2]).toHaveTextContent('Fault, EXT-0001');
    expect(rows[1]!.querySelector('time')).toHaveAttribute('datetime', '2026-12-01T10:00:00.000Z');
  });

  it('in German as well', async () => {
    storeThree();
    await i18n.changeLanguage('de');
    renderApp('/');
    const section = await screen.findByRole('region', { name: 'Nicht gesendete Tickets' });
    expect(within(section).getByRole('heading', { name: 'Nicht gesendete Tickets' })).toBeInTheDocument();
    expect(items(section)[1]).toHaveTextContent('Reklamation zu Ticket TT-001042');
    expect(within(items(section)[0]!).getByRole('link', { name: /^Fortsetzen/ })).toBeInTheDocument();
  });

  it('Resume opens that draft at once, on the step it was left at, with its answers', async () => {
    const user = userEvent.setup();
    storeThree();
    const { section, router } = await openList();
    await user.click(within(items(section)[1]!).getByRole('link', { name: /^Resume Dispute of ticket TT-001042/ }));
    expect(await screen.findByRole('heading', { level: 2, name: /Step 2 of 7\s+Agreements$/ })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?draft=dispute&step=agreements');
    expect(screen.getByText('You are disputing the resolution of', { exact: false })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resume draft' })).not.toBeInTheDocument();
  });

  it('Discard asks first; "Keep it" keeps the draft and returns focus; "Yes, discard it" removes that one only', async () => {
    const user = userEvent.setup();
    storeThree();
    const { section } = await openList();
    const discard = within(items(section)[2]!).getByRole('button', { name: /^Discard Copy of ticket TT-000999/ });
    await user.click(discard);
    const question = within(section).getByRole('group', { name: 'Discard this draft? Its answers cannot be brought back.' });
    expect(within(question).getByRole('button', { name: 'Keep it' })).toHaveFocus();
    await user.click(within(question).getByRole('button', { name: 'Keep it' }));
    expect(listDrafts(agent)).toHaveLength(3);
    expect(within(items(section)[2]!).getByRole('button', { name: /^Discard Copy of ticket TT-000999/ })).toHaveFocus();

    await user.click(within(items(section)[2]!).getByRole('button', { name: /^Discard Copy/ }));
    await user.click(within(section).getByRole('button', { name: 'Yes, discard it' }));
    expect(listDrafts(agent).map((draft) => draft.id)).toEqual(['plain', 'dispute']);
    expect(items(section)).toHaveLength(2);
    expect(within(section).getByRole('status')).toHaveTextContent('Draft discarded: Copy of ticket TT-000999.');
    expect(within(section).getByRole('heading', { name: 'Unsent tickets' })).toHaveFocus();
  });

  it('after the last one is discarded, says there are none left', async () => {
    const user = userEvent.setup();
    writeDraft(agent, 'only', { step: 'ticket', values: faultValues() });
    const { section } = await openList();
    await user.click(within(section).getByRole('button', { name: /^Discard/ }));
    await user.click(within(section).getByRole('button', { name: 'Yes, discard it' }));
    expect(within(section).getByText('You have no unsent tickets.')).toBeInTheDocument();
    expect(listDrafts(agent)).toEqual([]);
  });
});
