/** The names an agent has stored under a draft name: the bare name and its per-run names, and no one else's. */
import { beforeEach, describe, expect, it } from 'vitest';
import { storedNames, userKey, writePreference } from './storage';

beforeEach(() => window.localStorage.clear());

describe('storedNames', () => {
  it('lists the name itself and every name.<id>, for this agent only', () => {
    writePreference(userKey('agent.one', 'ticket-draft'), '{}');
    writePreference(userKey('agent.one', 'ticket-draft.abc'), '{}');
    writePreference(userKey('agent.one', 'ticket-draft.def'), '{}');
    writePreference(userKey('agent.one', 'ticket-drafts'), '{}');
    writePreference(userKey('agent.one', 'cancel-draft'), '{}');
    writePreference(userKey('agent.two', 'ticket-draft.xyz'), '{}');
    window.localStorage.setItem('other-app.user.agent.one.ticket-draft.q', '{}');
    expect(storedNames('agent.one', 'ticket-draft').sort()).toEqual(['ticket-draft', 'ticket-draft.abc', 'ticket-draft.def']);
    expect(storedNames('agent.two', 'ticket-draft')).toEqual(['ticket-draft.xyz']);
    expect(storedNames('agent.three', 'ticket-draft')).toEqual([]);
  });

  it('an agent id that is the start of another\'s sees only its own (ids are encoded and end with a dot)', () => {
    writePreference(userKey('agent', 'ticket-draft.a'), '{}');
    writePreference(userKey('agent.x', 'ticket-draft.b'), '{}');
    expect(storedNames('agent', 'ticket-draft')).toEqual(['ticket-draft.a']);
  });
});
