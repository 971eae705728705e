/**
 * ARCHITECTURE.md "Add an event kind", applied: the event table with one made-up row (src/testing/extra-event-kind.ts)
 * gives the receiver its route (204, 400, 405) and an agent's stream its new payload field, and nothing more of it.
 */
import { describe, expect, it, vi } from 'vitest';
import { listeners } from '../../src/domain/event';
import { EXTRA_FIELD, EXTRA_NAME, EXTRA_PATH } from '../../src/testing/extra-event-kind';
import { relayHarness } from '../testing/listener-helpers';

vi.mock('../../src/domain/event-kinds', async (importOriginal) => {
  const { withExtraKind } = await import('../../src/testing/extra-event-kind');
  return withExtraKind(await importOriginal());
});

const extra = listeners.find((listener) => listener.eventType === EXTRA_NAME);

describe('a row added to the event table', () => {
  it('is a listener path of its own, with its content type and resource key', () => {
    expect(extra).toEqual({ eventType: EXTRA_NAME, path: EXTRA_PATH, resourceName: 'troubleTicket', bodyOptional: false, contentType: 'application/json' });
  });

  it('is received (204), checked (400 without a body or its resource; 405 to GET), and relayed with its new field only', async () => {
    const { app, post, open } = relayHarness();
    const stream = await open();
    const listener = extra as (typeof listeners)[number];
    const resource = { id: 'TT-7', status: 'acknowledged', [EXTRA_FIELD]: '2026-12-01T09:00:00+01:00', note: [{ text: 'Sandy Smith, +49 171 5550123' }], name: 'secret' };
    expect((await post(listener, { eventId: 'x-1', eventTime: '2026-11-22T10:00:00+01:00', eventType: EXTRA_NAME, event: { troubleTicket: resource } })).status).toBe(204);
    expect((await post(listener, { eventId: 'x-2', eventTime: '2026-11-22T10:00:00+01:00', eventType: EXTRA_NAME, event: {} })).status).toBe(400);
    const bare = await app.request(EXTRA_PATH, { method: 'POST', headers: { Authorization: 'Bearer service' } });
    expect(bare.status).toBe(400);
    expect((await app.request(EXTRA_PATH, { headers: { Authorization: 'Bearer service' } })).status).toBe(405);

    const [message] = await stream.events(1);
    const data = JSON.parse(message?.data ?? '{}') as { eventType: string; envelope: { event: Record<string, unknown> } };
    expect(data.eventType).toBe(EXTRA_NAME);
    expect(data.envelope.event).toEqual({ troubleTicket: { id: 'TT-7', status: 'acknowledged', [EXTRA_FIELD]: '2026-12-01T09:00:00+01:00' } });
    await stream.close();
  });
});
