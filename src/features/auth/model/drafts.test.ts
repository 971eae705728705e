/** Sign-out's question sees every unsent draft: each ticket wizard run's, the old single ticket draft, the cancellation. */
import { beforeEach, describe, expect, it } from 'vitest';
import { readPreference, userKey, writePreference } from '../../../lib/storage';
import { discardDrafts, draftsOf } from './drafts';

const agent = 'agent.one';
const put = (name: string, userId = agent) => writePreference(userKey(userId, name), '{"values":{}}');

beforeEach(() => window.localStorage.clear());

describe('draftsOf / discardDrafts', () => {
  it('nothing stored: no draft to ask about', () => {
    put('saved-views');
    expect(draftsOf(agent)).toEqual([]);
  });

  it.each([['ticket-draft.k3x9'], ['ticket-draft']])('a ticket draft stored as %s counts', (name) => {
    put(name);
    expect(draftsOf(agent)).toEqual(['ticket-draft']);
  });

  it('several wizard runs and a cancellation: both kinds, and discarding removes them all, and only this agent\'s', () => {
    put('ticket-draft.one');
    put('ticket-draft.two');
    put('cancel-draft');
    put('ticket-draft.theirs', 'agent.two');
    put('saved-views');
    expect(draftsOf(agent)).toEqual(['ticket-draft', 'cancel-draft']);
    discardDrafts(agent);
    expect(draftsOf(agent)).toEqual([]);
    expect(readPreference(userKey('agent.two', 'ticket-draft.theirs'))).not.toBeNull();
    expect(readPreference(userKey(agent, 'saved-views'))).not.toBeNull();
  });

  it('a stored value that is not JSON is no draft', () => {
    writePreference(userKey(agent, 'ticket-draft.bad'), '{oops');
    expect(draftsOf(agent)).toEqual([]);
  });
});
