/** A TroubleTicketInformationRequiredEvent: the panel and the ticket page say what the provider needs, in EN and DE. */
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { EventEnvelope } from '../../../domain/event';
import { changeLanguage, i18n } from '../../../lib/i18n';
import { TranslatorProvider } from '../../../lib/i18n/react';
import { notificationOf } from '../model/event-effects';
import type { StreamEvent } from '../api/event-stream';
import { InformationRequiredNotice } from './information-required-notice';
import { fieldOfPointer, informationNeeded } from '../information-words';
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

const pointers = (...paths: string[]) => paths.map((path) => ({ op: 'add', path }));

function informationRequired(key: string, event: Record<string, unknown>): StreamEvent {
  const eventType = 'TroubleTicketInformationRequiredEvent';
  const envelope = { '@type': eventType, eventId: key, eventTime: '2026-11-22T10:30:00+01:00', eventType, event } as EventEnvelope;
  return { seq: 1, eventType, receivedAt: '2026-11-22T09:30:00.000Z', envelope, key };
}

const v5 = informationRequired('ir-1', {
  troubleTicketInformationRequired: { id: 'TT-1042', '@type': 'TroubleTicketInformationRequired', informationRequiredPath: pointers('/accessLineId', '/appointment') },
});

/** The official TMF621 v5.0.1 shape: the ticket, and one JSON Patch operation naming what is asked for. */
const official = informationRequired('ir-1', {
  troubleTicket: { id: 'TT-1042', name: 'No sync on line', '@type': 'TroubleTicket' },
  informationRequired: { op: 'add', path: '/accessLineId' },
});

/** The official shape with a list of operations. */
const officialList = informationRequired('ir-1', {
  troubleTicket: { id: 'TT-1042', '@type': 'TroubleTicket' },
  informationRequired: pointers('/accessLineId', '/appointment'),
});

describe('reading the event', () => {
  it.each([
    ['the official shape with a list of operations', officialList],
    ['v5: event.troubleTicketInformationRequired', v5],
    ['older: event.troubleTicket', informationRequired('ir-1', { troubleTicket: { id: 'TT-1042', informationRequiredPath: pointers('/accessLineId', '/appointment') } })],
  ])('%s: links the ticket and keeps the paths asked for', (_case, event) => {
    expect(notificationOf(event)).toMatchObject({
      eventType: 'TroubleTicketInformationRequiredEvent',
      link: { kind: 'ticket', id: 'TT-1042' },
      informationRequired: ['/accessLineId', '/appointment'],
    });
  });
});

describe('the words for what is asked', () => {
  it.each([
    ['/accessLineId', 'Access line ID', 'Anschlusskennung (Line-ID)'],
    ['/appointment', 'Appointment', 'Termin'],
    ['/relatedParty/0/partyOrPartyRole/contactMedium', 'Contact details', 'Kontaktdaten'],
    ['/agreement/0/name', 'Agreement name', 'Vertragsname'],
    ['/somethingNew', '/somethingNew', '/somethingNew'],
    ['/', '/', '/'],
  ])('%s -> "%s" / "%s"', async (pointer, english, german) => {
    expect(fieldOfPointer(pointer, i18n.t)).toBe(english);
    await changeLanguage('de');
    expect(fieldOfPointer(pointer, i18n.t)).toBe(german);
  });

  it.each([
    ['en', ['/accessLineId'], 'The provider needs: Access line ID'],
    ['en', ['/accessLineId', '/appointment'], 'The provider needs: Access line ID and Appointment'],
    ['en', ['/accessLineId', '/appointment', '/description'], 'The provider needs: Access line ID, Appointment and Description'],
    ['de', ['/accessLineId', '/appointment'], 'Der Anbieter benötigt: Anschlusskennung (Line-ID) und Termin'],
  ] as const)('%s: %j', async (language, paths, words) => {
    await changeLanguage(language);
    expect(informationNeeded(paths, i18n.t, language === 'de' ? 'de-DE' : 'en-GB')).toBe(words);
  });
});

function renderWithRouter(node: React.ReactNode) {
  return render(
    <TranslatorProvider translator={i18n}>
      <MemoryRouter>{node}</MemoryRouter>
    </TranslatorProvider>,
  );
}

describe('the notifications panel', () => {
  it.each([
    ['en', 'ours (troubleTicketInformationRequired)', v5, 'Ticket needs information', 'The provider needs: Access line ID and Appointment'],
    ['de', 'ours (troubleTicketInformationRequired)', v5, 'Ticket braucht Angaben', 'Der Anbieter benötigt: Anschlusskennung (Line-ID) und Termin'],
    ['en', 'the official one (one operation)', official, 'Ticket needs information', 'The provider needs: Access line ID'],
    ['de', 'the official one (one operation)', official, 'Ticket braucht Angaben', 'Der Anbieter benötigt: Anschlusskennung (Line-ID)'],
    ['en', 'the official one (a list)', officialList, 'Ticket needs information', 'The provider needs: Access line ID and Appointment'],
    ['de', 'the official one (a list)', officialList, 'Ticket braucht Angaben', 'Der Anbieter benötigt: Anschlusskennung (Line-ID) und Termin'],
  ] as const)('in %s, shape %s: the entry says which information the provider asks for', async (language, _shape, event, kind, needs) => {
    const link = 'Ticket TT-1042';
    await changeLanguage(language);
    addNotification(notificationOf(event));
    renderWithRouter(<NotificationsPanel onClose={() => undefined} isNew={() => false} />);
    const entry = screen.getByRole('listitem');
    expect(entry).toHaveTextContent(kind);
    expect(entry).toHaveTextContent(needs);
    expect(within(entry).getByRole('link', { name: link })).toHaveAttribute('href', '/tickets/TT-1042');
  });
});

describe('the ticket page notice', () => {
  it.each([
    ['en', v5, 'The provider needs information for this ticket', 'The provider needs: Access line ID and Appointment', /^Asked 22 Nov 2026, 10:30 CET$/],
    ['de', v5, 'Der Anbieter benötigt Angaben zu diesem Ticket', 'Der Anbieter benötigt: Anschlusskennung (Line-ID) und Termin', /^Angefragt 22\. Nov\. 2026, 10:30 MEZ$/],
    ['en', official, 'The provider needs information for this ticket', 'The provider needs: Access line ID', /^Asked 22 Nov 2026, 10:30 CET$/],
    ['de', official, 'Der Anbieter benötigt Angaben zu diesem Ticket', 'Der Anbieter benötigt: Anschlusskennung (Line-ID)', /^Angefragt 22\. Nov\. 2026, 10:30 MEZ$/],
  ] as const)('in %s: what the provider last asked, and when', async (language, event, title, needs, asked) => {
    await changeLanguage(language);
    addNotification(notificationOf(event));
    renderWithRouter(<InformationRequiredNotice ticketId="TT-1042" />);
    const note = screen.getByRole('note', { name: title });
    expect(note).toHaveTextContent(needs);
    expect(within(note).getByText((_, element) => element?.tagName === 'P' && asked.test(element.textContent ?? ''))).toBeInTheDocument();
  });

  it('shows the latest request when the provider asked twice', () => {
    addNotification(notificationOf(v5));
    addNotification(notificationOf(informationRequired('ir-2', { troubleTicketInformationRequired: { id: 'TT-1042', informationRequiredPath: pointers('/networkTerminationLocation') } })));
    renderWithRouter(<InformationRequiredNotice ticketId="TT-1042" />);
    expect(screen.getByRole('note')).toHaveTextContent('The provider needs: Network termination location');
  });

  it('says nothing on another ticket, or when nothing was asked', () => {
    addNotification(notificationOf(v5));
    renderWithRouter(<InformationRequiredNotice ticketId="TT-9999" />);
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });
});
