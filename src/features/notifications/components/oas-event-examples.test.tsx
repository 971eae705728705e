/**
 * Every TroubleTicket event example of the official TMF621 v5.0.1 OAS, whole (as the demo's relay hands it on) and thin
 * (as the receiver does, server/listener/thin-event.ts), read into what the notifications panel shows, line by line, in
 * English and German.
 */
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { listeners } from '../../../domain/event';
import { changeLanguage, i18n } from '../../../lib/i18n';
import { TranslatorProvider } from '../../../lib/i18n/react';
import { oasEventExample, tmf621EventExamples } from '../../../testing/tmf621-event-examples';
import { thinEvent } from '../../../domain/thin-event';
import type { StreamEvent } from '../api/event-stream';
import { readRelayData } from '../api/relay-data';
import { notificationOf } from '../model/event-effects';
import { addNotification, resetNotifications } from '../model/notification-store';
import { NotificationsPanel } from './notifications-panel';

const zone = process.env.TZ;
beforeAll(() => {
  // Times read as an agent in Germany sees them.
  process.env.TZ = 'Europe/Berlin';
});
afterAll(() => {
  process.env.TZ = zone;
});
beforeEach(async () => {
  window.sessionStorage.clear();
  resetNotifications();
  await changeLanguage('en');
});
afterEach(async () => {
  await changeLanguage('en');
});

/** The example as a relay sends it on: the listener's event name, the body accepted (whole) or what an agent gets (thin). */
function relayed(name: string, thin = false): StreamEvent {
  const { eventType, body } = oasEventExample(name);
  const read = readRelayData({ eventType, receivedAt: '2026-11-26T09:00:00.000Z', envelope: thin ? thinEvent(body) : body });
  if (!read?.envelope) throw new Error(`${name}: the relay data was not read`);
  return { seq: 1, eventType: read.eventType, receivedAt: read.receivedAt, envelope: read.envelope, key: `${read.eventType}:${read.envelope.eventId}` };
}

/** The lines a person reads in the panel's one entry. */
function entryLines(): string[] {
  return [...screen.getByRole('listitem').querySelectorAll('p')].map((line) => line.textContent?.trim() ?? '');
}

const at1418 = { en: '25 Aug 2022, 14:18 CEST', de: '25. Aug. 2022, 14:18 MESZ' };

// [example, English lines, German lines]: kind; what and its new status; what is asked; title; description; time.
const rows: [string, string[], string[]][] = [
  [
    'TroubleTicketCreateEvent_request',
    ['Ticket created', 'Ticket 3180', 'TroubleTicketCreateEvent', 'TroubleTicketCreateEvent illustration', at1418.en],
    ['Ticket angelegt', 'Ticket 3180', 'TroubleTicketCreateEvent', 'TroubleTicketCreateEvent illustration', at1418.de],
  ],
  [
    'TroubleTicket_listener_troubleTicketCreateEvent_POST_204_1_request',
    ['Ticket created', 'Ticket WLIAH', 'ECURP', 'LEPGY', '5 May 2025, 14:23 CEST'],
    ['Ticket angelegt', 'Ticket WLIAH', 'ECURP', 'LEPGY', '5. Mai 2025, 14:23 MESZ'],
  ],
  [
    'TroubleTicketAttributeValueChangeEvent_request',
    ['Ticket details changed', 'Ticket 3180', 'TroubleTicketAttributeValueChangeEvent', 'TroubleTicketAttributeValueChangeEvent illustration', at1418.en],
    ['Ticketangaben geändert', 'Ticket 3180', 'TroubleTicketAttributeValueChangeEvent', 'TroubleTicketAttributeValueChangeEvent illustration', at1418.de],
  ],
  [
    'TroubleTicketStatusChangeEvent_request',
    ['Ticket status changed', 'Ticket 3180 – now Pending', 'TroubleTicketStatusChangeEvent', 'TroubleTicketStatusChangeEvent illustration', at1418.en],
    ['Ticketstatus geändert', 'Ticket 3180 – jetzt Wartend', 'TroubleTicketStatusChangeEvent', 'TroubleTicketStatusChangeEvent illustration', at1418.de],
  ],
  [
    'TroubleTicketResolvedEvent_request',
    ['Ticket resolved', 'Ticket 3180 – now Resolved', 'TroubleTicketResolvedEvent', 'TroubleTicketResolvedEvent illustration', at1418.en],
    ['Ticket gelöst', 'Ticket 3180 – jetzt Gelöst', 'TroubleTicketResolvedEvent', 'TroubleTicketResolvedEvent illustration', at1418.de],
  ],
  [
    'TroubleTicketInformationRequiredEvent_request',
    [
      'Ticket needs information',
      'Ticket 3180',
      'The provider needs: Attachments',
      'TroubleTicketInformationRequiredEvent',
      'TroubleTicketInformationRequiredEvent illustration request for attachment',
      at1418.en,
    ],
    [
      'Ticket braucht Angaben',
      'Ticket 3180',
      'Der Anbieter benötigt: Anhänge',
      'TroubleTicketInformationRequiredEvent',
      'TroubleTicketInformationRequiredEvent illustration request for attachment',
      at1418.de,
    ],
  ],
  [
    'TroubleTicketSpecificationCreateEvent_request',
    ['Ticket specification created', 'Ticket specification 25632415', 'TroubleTicketSpecificationCreateEvent', 'TroubleTicketSpecificationCreateEvent illustration', at1418.en],
    ['Ticketspezifikation angelegt', 'Ticketspezifikation 25632415', 'TroubleTicketSpecificationCreateEvent', 'TroubleTicketSpecificationCreateEvent illustration', at1418.de],
  ],
  [
    'TroubleTicketSpecificationAttributeValueChangeEvent_request',
    [
      'Ticket specification changed',
      'Ticket specification 3180',
      'TroubleTicketSpecificationAttributeValueChangeEvent',
      'TroubleTicketSpecificationAttributeValueChangeEvent illustration',
      at1418.en,
    ],
    [
      'Ticketspezifikation geändert',
      'Ticketspezifikation 3180',
      'TroubleTicketSpecificationAttributeValueChangeEvent',
      'TroubleTicketSpecificationAttributeValueChangeEvent illustration',
      at1418.de,
    ],
  ],
  [
    'TroubleTicketSpecificationStatusChangeEvent_request',
    [
      'Ticket specification status changed',
      'Ticket specification 25632415 – now active',
      'TroubleTicketSpecificationStatusChangeEvent',
      'TroubleTicketSpecificationStatusChangeEvent illustration',
      at1418.en,
    ],
    [
      'Status der Ticketspezifikation geändert',
      'Ticketspezifikation 25632415 – jetzt active',
      'TroubleTicketSpecificationStatusChangeEvent',
      'TroubleTicketSpecificationStatusChangeEvent illustration',
      at1418.de,
    ],
  ],
  [
    'TroubleTicketSpecificationDeleteEvent_request',
    ['Ticket specification deleted', 'Ticket specification 3180', 'TroubleTicketSpecificationDeleteEvent', 'TroubleTicketSpecificationDeleteEvent illustration', at1418.en],
    ['Ticketspezifikation gelöscht', 'Ticketspezifikation 3180', 'TroubleTicketSpecificationDeleteEvent', 'TroubleTicketSpecificationDeleteEvent illustration', at1418.de],
  ],
];

function renderPanel() {
  return render(
    <TranslatorProvider translator={i18n}>
      <MemoryRouter>
        <NotificationsPanel onClose={() => undefined} isNew={() => false} />
      </MemoryRouter>
    </TranslatorProvider>,
  );
}

describe('the official TMF621 v5.0.1 event examples in the notifications panel', () => {
  it('covers every example the OAS has for an event the interface listens to, and only TroubleTicketDeleteEvent is left', () => {
    const listened = tmf621EventExamples.filter((example) => listeners.some((l) => l.eventType === example.eventType));
    expect(rows.map(([name]) => name).sort()).toEqual(listened.map((example) => example.name).sort());
    // interface.md 4.3 has no listener for it: the receiver answers 404 (server/listener/oas-event-examples.test.ts).
    expect(tmf621EventExamples.filter((example) => !listened.includes(example)).map((example) => example.eventType)).toEqual(['TroubleTicketDeleteEvent']);
  });

  it.each(rows)('%s, in English', (name, english) => {
    addNotification(notificationOf(relayed(name)));
    renderPanel();
    expect(entryLines()).toEqual(english);
  });

  it.each(rows)('%s, in German', async (name, _english, german) => {
    await changeLanguage('de');
    addNotification(notificationOf(relayed(name)));
    renderPanel();
    expect(entryLines()).toEqual(german);
  });

  // The receiver sends no free text (decision 0053): the sender's title and description lines go, the rest stays.
  const thinLines = (lines: string[]) => [...lines.slice(0, -3), lines.at(-1) as string];

  it.each(rows)('%s, thin as the receiver relays it, in English: every line but the sender\'s title and description', (name, english) => {
    addNotification(notificationOf(relayed(name, true)));
    renderPanel();
    expect(entryLines()).toEqual(thinLines(english));
  });

  it.each(rows)('%s, thin as the receiver relays it, in German', async (name, _english, german) => {
    await changeLanguage('de');
    addNotification(notificationOf(relayed(name, true)));
    renderPanel();
    expect(entryLines()).toEqual(thinLines(german));
  });

  it('lists each of them once, although the OAS gives a ticket\'s and a specification\'s events one eventId', () => {
    for (const [name] of rows) addNotification(notificationOf(relayed(name)));
    renderPanel();
    expect(screen.getAllByRole('listitem')).toHaveLength(rows.length);
  });
});
