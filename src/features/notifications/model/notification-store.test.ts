/** What the notification store takes back from sessionStorage: entries of the right shape (an event kind's `values` are the panel's to check). */
import { beforeEach, describe, expect, it } from 'vitest';
import { userKey } from '../../../lib/storage';
import { bindUser, notifications, resetNotifications } from './notification-store';

beforeEach(() => {
  window.sessionStorage.clear();
  resetNotifications();
});

const entry = { key: 'k-1', eventType: 'TroubleTicketStatusChangeEvent', time: '2026-11-22T10:30:00+01:00', read: false };

/** Stores `item` for agent-1 as an earlier page load would have, and reads it back as a reload does. */
function reloaded(item: Record<string, unknown>) {
  window.sessionStorage.setItem(`trouble-ticket-desk.${userKey('agent-1', 'notifications')}`, JSON.stringify({ items: [item], lastEventId: null }));
  bindUser('agent-1');
  return notifications.get().items;
}

describe('stored entries', () => {
  it.each([
    ['a plain entry', entry, true],
    ['what is asked for as text', { ...entry, informationRequired: ['/accessLineId'] }, true],
    ['what is asked for as a number', { ...entry, informationRequired: [1] }, false],
    ['no key', { ...entry, key: undefined }, false],
    ['read as text', { ...entry, read: 'no' }, false],
  ])('%s: kept %s', (_case, item, kept) => {
    expect(reloaded(item)).toHaveLength(kept ? 1 : 0);
  });
});
