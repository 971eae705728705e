/** The draft: autosaved per agent as the agent types, offered back as "Resume draft" / "Start over", never a crash. */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { demoSession } from '../../../lib/session';
import { draftKey, readDraft, writeDraft } from '../model/draft';
import { faultValues } from '../model/test-values';
import { serveMockService } from '../test/mock-service';
import { continueButton, renderEntry, stepHeading } from '../test/render-entry';

serveMockService();

const agent = demoSession.userId;
const stored = () => readDraft(agent);

describe('draft', () => {
  it('is saved shortly after typing, with the step, under the agent\'s own key', async () => {
    const { user } = renderEntry();
    await stepHeading('Ticket');
    expect(stored()).toBeNull();
    await user.type(screen.getByRole('textbox', { name: 'External ticket ID' }), 'EXT-9');
    await waitFor(() => expect(stored()?.values.externalIdentifier[0].id).toBe('EXT-9'));
    expect(stored()?.step).toBe('ticket');
    expect(window.localStorage.getItem(`trouble-ticket-desk.${draftKey(agent)}`)).toContain('EXT-9');
    expect(readDraft('another-agent')).toBeNull();
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

  it('opening the page with a draft offers "Resume draft", which brings back every answer and the step', async () => {
    writeDraft(agent, { step: 'agreements', values: faultValues() });
    const { user } = renderEntry();
    expect(await screen.findByRole('heading', { name: 'You have an unfinished ticket' })).toBeInTheDocument();
    expect(screen.getByText(/Fault ticket EXT-0001, at the step "Agreements"/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resume draft' }));
    expect(await stepHeading('Agreements')).toHaveFocus();
    expect(screen.getByRole('textbox', { name: 'ID of the existing agreement' })).toHaveValue('agr-0001');
    await user.click(screen.getByRole('link', { name: 'Back' }));
    expect(await screen.findByRole('textbox', { name: 'External ticket ID' })).toHaveValue('EXT-0001');
  });

  it('"Start over" deletes the draft and starts an empty form', async () => {
    writeDraft(agent, { step: 'contacts', values: faultValues() });
    const { user } = renderEntry();
    await user.click(await screen.findByRole('button', { name: 'Start over' }));
    expect(await stepHeading('Ticket')).toHaveFocus();
    expect(screen.getByRole('textbox', { name: 'External ticket ID' })).toHaveValue('');
    expect(stored()).toBeNull();
  });

  it('a step change is saved too, so the agent returns to the same step', async () => {
    writeDraft(agent, { step: 'ticket', values: faultValues() });
    const { user } = renderEntry();
    await user.click(await screen.findByRole('button', { name: 'Resume draft' }));
    await stepHeading('Ticket');
    await user.click(continueButton());
    await stepHeading('Agreements');
    await waitFor(() => expect(stored()?.step).toBe('agreements'));
  });

  it('an unreadable or foreign draft is ignored, not a crash', async () => {
    window.localStorage.setItem(`trouble-ticket-desk.${draftKey(agent)}`, '{"version":99,"step":"x"}');
    renderEntry();
    expect(await stepHeading('Ticket')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resume draft' })).not.toBeInTheDocument();
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
