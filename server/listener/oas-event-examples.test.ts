/**
 * The receiver takes every TroubleTicket event example of the official TMF621 v5.0.1 OAS at its listener path (204) and
 * relays it as it came; the one event the interface has no listener for is answered 404.
 */
import { describe, expect, it } from 'vitest';
import { ErrorMessage } from '../../src/domain/error';
import { listeners } from '../../src/domain/event';
import { tmf621EventExamples } from '../../src/testing/tmf621-event-examples';
import { createListenerApp } from './app';
import { silentLogger } from './log';

const listened = tmf621EventExamples.filter((example) => listeners.some((l) => l.path === example.path));

function post(app: ReturnType<typeof createListenerApp>['app'], path: string, body: unknown) {
  return app.request(path, {
    method: 'POST',
    headers: { Authorization: 'Bearer service', 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
}

describe('the official TMF621 v5.0.1 event examples at the receiver', () => {
  it('has a listener for all but TroubleTicketDeleteEvent, which interface.md 4.3 does not list', () => {
    expect(listened).toHaveLength(10);
    expect(tmf621EventExamples.filter((example) => !listened.includes(example)).map((example) => example.path)).toEqual(['/listener/troubleTicketDeleteEvent']);
  });

  it.each(listened.map((example) => [example.name, example] as const))('%s: 204, relayed as it came under its listener\'s name', async (_name, example) => {
    const { app, bus } = createListenerApp({ log: silentLogger });
    const res = await post(app, example.path, example.body);
    expect(res.status, await res.clone().text()).toBe(204);
    const { events } = await bus.read(0, 10);
    expect(events).toHaveLength(1);
    expect(JSON.parse(events[0]?.data ?? '')).toEqual({ eventType: example.eventType, receivedAt: expect.any(String), envelope: example.body });
  });

  it('answers TroubleTicketDeleteEvent with a 404 ErrorMessage', async () => {
    const example = tmf621EventExamples.find((candidate) => candidate.eventType === 'TroubleTicketDeleteEvent');
    const res = await post(createListenerApp({ log: silentLogger }).app, example?.path ?? '', example?.body);
    expect(res.status).toBe(404);
    expect(ErrorMessage.parse(await res.json())).toMatchObject({ code: 'notFound', status: '404' });
  });

  it('bounds the information request\'s ticket id under either of its names (256 characters)', async () => {
    const example = listened.find((candidate) => candidate.eventType === 'TroubleTicketInformationRequiredEvent');
    const { app } = createListenerApp({ log: silentLogger });
    const withId = (name: string, length: number) => ({
      ...example?.body,
      eventId: `ir-${name}-${length}`,
      event: { [name]: { id: 'é'.repeat(length), informationRequiredPath: [{ op: 'add', path: '/note' }] }, informationRequired: { op: 'add', path: '/note' } },
    });
    for (const name of ['troubleTicket', 'troubleTicketInformationRequired']) {
      expect((await post(app, example?.path ?? '', withId(name, 256))).status).toBe(204);
      const refused = await post(app, example?.path ?? '', withId(name, 257));
      expect(refused.status).toBe(400);
      expect(ErrorMessage.parse(await refused.json()).message).toContain(`event.${name}.id`);
    }
  });
});
