/** The wizard's drafts in storage: one per run, listed newest first, per agent, and the old single draft moved over. */
import { beforeEach, describe, expect, it } from 'vitest';
import { draftKey, draftToResume, legacyDraftKey, listDrafts, readDraft, removeDraft, writeDraft } from './draft';
import { disputeValues, faultValues } from '../../../testing/entry-values';

const agent = 'agent.one';
const stored = (key: string) => window.localStorage.getItem(`trouble-ticket-desk.${key}`);
const store = (key: string, value: unknown) => window.localStorage.setItem(`trouble-ticket-desk.${key}`, JSON.stringify(value));

beforeEach(() => window.localStorage.clear());

describe('drafts per wizard run', () => {
  it('each run keeps its own draft: writing one never touches another', () => {
    writeDraft(agent, 'aaa', { step: 'contacts', values: faultValues() });
    writeDraft(agent, 'bbb', { step: 'ticket', values: disputeValues(), origin: { kind: 'dispute', ticketId: 'TT-1042', status: 'resolved' } });
    writeDraft(agent, 'aaa', { step: 'product', values: faultValues() });
    expect(readDraft(agent, 'aaa')?.step).toBe('product');
    expect(readDraft(agent, 'bbb')).toMatchObject({ id: 'bbb', step: 'ticket', origin: { kind: 'dispute', ticketId: 'TT-1042', status: 'resolved' } });
  });

  it('lists the agent\'s drafts, the one changed last first; another agent\'s are not among them', () => {
    writeDraft(agent, 'old', { step: 'ticket', values: faultValues() }, new Date('2026-12-01T09:00:00Z'));
    writeDraft(agent, 'new', { step: 'ticket', values: faultValues() }, new Date('2026-12-01T11:00:00Z'));
    writeDraft(agent, 'mid', { step: 'ticket', values: faultValues() }, new Date('2026-12-01T10:00:00Z'));
    writeDraft('agent.two', 'theirs', { step: 'ticket', values: faultValues() });
    expect(listDrafts(agent).map((draft) => draft.id)).toEqual(['new', 'mid', 'old']);
    expect(listDrafts('agent.two').map((draft) => draft.id)).toEqual(['theirs']);
  });

  it('a discarded draft is gone from the list; the others stay', () => {
    writeDraft(agent, 'one', { step: 'ticket', values: faultValues() });
    writeDraft(agent, 'two', { step: 'ticket', values: faultValues() });
    removeDraft(agent, 'one');
    expect(listDrafts(agent).map((draft) => draft.id)).toEqual(['two']);
    expect(stored(draftKey(agent, 'one'))).toBeNull();
  });

  it('an unreadable draft is left out of the list, not a crash; one with an unreadable origin is a new ticket\'s', () => {
    store(draftKey(agent, 'junk'), { version: 99 });
    window.localStorage.setItem(`trouble-ticket-desk.${draftKey(agent, 'broken')}`, '{not json');
    writeDraft(agent, 'good', { step: 'ticket', values: faultValues() });
    store(draftKey(agent, 'odd'), { version: 1, step: 'ticket', savedAt: '2026-12-01T10:00:00Z', values: {}, origin: { kind: 'cloned' } });
    expect(listDrafts(agent).map((draft) => draft.id).sort()).toEqual(['good', 'odd']);
    expect(readDraft(agent, 'odd')?.origin).toBeUndefined();
  });

  it('the draft a sign-in round trip left is the one to resume', () => {
    writeDraft(agent, 'plain', { step: 'ticket', values: faultValues() });
    expect(draftToResume(agent)).toBeNull();
    writeDraft(agent, 'away', { step: 'check', values: faultValues(), resumeOnReturn: true });
    expect(draftToResume(agent)?.id).toBe('away');
  });
});

describe('the single draft of before', () => {
  it('is moved to a run of its own on first read, with its answers, step and time, and the old key goes', () => {
    const savedAt = '2026-11-30T08:15:00.000Z';
    store(legacyDraftKey(agent), { version: 1, step: 'contacts', savedAt, values: faultValues(), unconfirmedExternalId: 'EXT-0001' });
    const [moved, ...rest] = listDrafts(agent);
    expect(rest).toEqual([]);
    expect(moved).toMatchObject({ step: 'contacts', savedAt, unconfirmedExternalId: 'EXT-0001', values: faultValues() });
    expect(moved!.id).toMatch(/^[a-z0-9]+$/);
    expect(stored(legacyDraftKey(agent))).toBeNull();
    expect(listDrafts(agent).map((draft) => draft.id)).toEqual([moved!.id]);
  });

  it('one that cannot be read stays where it is (sign-out still asks about it), and nothing is invented', () => {
    store(legacyDraftKey(agent), { values: { description: 'No sync since 08:00' } });
    expect(listDrafts(agent)).toEqual([]);
    expect(stored(legacyDraftKey(agent))).not.toBeNull();
  });

  it('is kept when the browser refuses to store the copy', () => {
    store(legacyDraftKey(agent), { version: 1, step: 'ticket', savedAt: '2026-11-30T08:15:00.000Z', values: faultValues() });
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = () => {
      throw new DOMException('full', 'QuotaExceededError');
    };
    try {
      expect(listDrafts(agent)).toEqual([]);
    } finally {
      Storage.prototype.setItem = setItem;
    }
    expect(stored(legacyDraftKey(agent))).not.toBeNull();
  });
});
