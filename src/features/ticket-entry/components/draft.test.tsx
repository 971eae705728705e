/**
 * The draft of a wizard run: autosaved per agent as the agent types, under the run's own id (which the address
 * carries), offered back as "Resume draft" / "Start over" on the run's address, never a crash.
 */
import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { sealed } from '../../../lib/sealed-storage';
import { demoSession } from '../../../lib/session';
import { draftKey, listDrafts, readDraft, writeDraft } from '../model/draft';
import { faultValues } from '../../../testing/entry-values';
import { serveMockService } from '../../../testing/entry-service';
import { continueButton, renderEntry, stepHeading, storedDraft } from '../../../testing/render-entry';

serveMockService();

const agent = demoSession.userId;
const stored = () => storedDraft(agent);
const runOf = (search: string) => new URLSearchParams(search).get('draft');

describe('draft', () => {
  it('is saved shortly after typing, under the agent\'s own key; the run\'s id goes into the address with the first change', async () => {
    const { user, router } = renderEntry();
    await stepHeading('Ticket');
    expect(router.state.location.search).toBe('');
    expect(stored()).toBeNull();
    await user.type(screen.getByRole('textbox', { name: 'External ticket ID' }), 'EXT-9');
    const run = runOf(router.state.location.search)!;
    expect(router.state.location.search).toBe(`?draft=${run}&step=ticket`);
    await waitFor(() => expect(readDraft(agent, run)?.values.externalIdentifier[0].id).toBe('EXT-9'));
    expect(readDraft(agent, run)?.step).toBe('ticket');
    // What the browser keeps is sealed (decision 0054): the typed value is nowhere in it.
    await sealed();
    const raw = window.localStorage.getItem(`trouble-ticket-desk.${draftKey(agent, run)}`);
    expect(raw).toMatch(/^sealed1:\d+:.{40,}$/);
    expect(raw).not.toContain('EXT-9');
    expect(listDrafts('another-agent')).toEqual([]);
  });

  it('is saved at once when the page is hidden (reload, closed tab)', async () => {
    renderEntry();
    await stepHeading('Ticket');
    // One input event and pagehide in the same task: the debounce has had no chance to save.
    fireEvent.input(screen.getByRole('textbox', { name: 'External ticket ID' }), { target: { value: 'EXT-7' } });
    expect(stored()).toBeNull();
    window.dispatchEvent(new Event('pagehide'));
    expect(stored()?.values.externalIdentifier[0].id).toBe('EXT-7');
  });

  it('opening a run\'s address with its draft offers "Resume draft", which brings back every answer and the step', async () => {
    writeDraft(agent, 'run1', { step: 'agreements', values: faultValues() });
    const { user } = renderEntry('/tickets/new?draft=run1&step=agreements');
    expect(await screen.findByRole('heading', { name: 'You have an unfinished ticket' })).toBeInTheDocument();
    expect(screen.getByText(/Fault ticket EXT-0001, at the step "Agreements"/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resume draft' }));
    expect(await stepHeading('Agreements')).toHaveFocus();
    expect(screen.getByRole('textbox', { name: 'ID of the existing agreement' })).toHaveValue('agr-0001');
    await user.click(screen.getByRole('link', { name: 'Back' }));
    expect(await screen.findByRole('textbox', { name: 'External ticket ID' })).toHaveValue('EXT-0001');
  });

  it('the choice says how long the browser keeps a draft (VITE_OFFLINE_KEEP_DAYS, default 7)', async () => {
    writeDraft(agent, 'run1', { step: 'agreements', values: faultValues() });
    renderEntry('/tickets/new?draft=run1&step=agreements');
    expect(await screen.findByText('A draft is deleted 7 days after its last change, and when you sign out.')).toBeInTheDocument();
  });

  it('"Start over" deletes that draft only and starts an empty run of its own', async () => {
    writeDraft(agent, 'run1', { step: 'contacts', values: faultValues() });
    writeDraft(agent, 'other', { step: 'ticket', values: faultValues() });
    const { user, router } = renderEntry('/tickets/new?draft=run1&step=contacts');
    await user.click(await screen.findByRole('button', { name: 'Start over' }));
    expect(await stepHeading('Ticket')).toHaveFocus();
    expect(screen.getByRole('textbox', { name: 'External ticket ID' })).toHaveValue('');
    expect(readDraft(agent, 'run1')).toBeNull();
    expect(readDraft(agent, 'other')).not.toBeNull();
    const run = runOf(router.state.location.search);
    expect(run).not.toBe('run1');
    expect(run).not.toBe('other');
  });

  it('the plain address starts a new run beside the stored drafts, without asking', async () => {
    writeDraft(agent, 'run1', { step: 'contacts', values: faultValues() });
    const { user, router } = renderEntry('/tickets/new');
    expect(await stepHeading('Ticket')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resume draft' })).not.toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'External ticket ID' }), 'EXT-NEW');
    await waitFor(() => expect(listDrafts(agent)).toHaveLength(2));
    expect(readDraft(agent, 'run1')?.values.externalIdentifier[0].id).toBe('EXT-0001');
    expect(runOf(router.state.location.search)).not.toBe('run1');
  });

  it('the overview\'s Resume (state resume) opens the draft at once, on its step', async () => {
    writeDraft(agent, 'run1', { step: 'agreements', values: faultValues() });
    const { router } = renderEntry('/tickets/new');
    await stepHeading('Ticket');
    await router.navigate('/tickets/new?draft=run1&step=agreements', { state: { resume: true } });
    expect(await stepHeading('Agreements')).toHaveFocus();
    expect(screen.getByRole('textbox', { name: 'ID of the existing agreement' })).toHaveValue('agr-0001');
  });

  it('a step change is saved too, so the agent returns to the same step', async () => {
    writeDraft(agent, 'run1', { step: 'ticket', values: faultValues() });
    const { user } = renderEntry('/tickets/new?draft=run1&step=ticket');
    await user.click(await screen.findByRole('button', { name: 'Resume draft' }));
    await stepHeading('Ticket');
    await user.click(continueButton());
    await stepHeading('Agreements');
    await waitFor(() => expect(readDraft(agent, 'run1')?.step).toBe('agreements'));
  });

  it('an unreadable or foreign draft is ignored, not a crash: its address starts an empty run', async () => {
    window.localStorage.setItem(`trouble-ticket-desk.${draftKey(agent, 'run1')}`, '{"version":99,"step":"x"}');
    renderEntry('/tickets/new?draft=run1&step=ticket');
    expect(await stepHeading('Ticket')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resume draft' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'External ticket ID' })).toHaveValue('');
  });

  it('when the browser will not store it, says so once and keeps working', async () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    const { user } = renderEntry();
    await stepHeading('Ticket');
    await user.type(screen.getByRole('textbox', { name: 'External ticket ID' }), 'EXT-1');
    expect(
      await screen.findByText('This browser cannot keep your draft (its storage is full or blocked). Your answers last only while this page stays open.'),
    ).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'External ticket ID' }), '23');
    await waitFor(() => expect(setItem.mock.calls.length).toBeGreaterThan(1));
    expect(screen.getAllByText(/This browser cannot keep your draft/)).toHaveLength(1);
    expect(screen.getByRole('textbox', { name: 'External ticket ID' })).toHaveValue('EXT-123');
  });
});
