// In the built demo: the provider asks for information on the ticket on screen (a TroubleTicketInformationRequiredEvent,
// in the official TMF621 v5.0.1 shape and in the other v5 APIs' form); the ticket page and the notifications panel say
// what it needs, in English and in German.
import { emit } from './support/demo-events';
import { switchOffDemoProgression } from './support/demo-service';
import { expect, test } from './support/fixtures';

/** The provider's request as it POSTs it to a listener: v5 `@type`, `event.troubleTicketInformationRequired`. */
const request = (id: string) => ({
  '@type': 'TroubleTicketInformationRequiredEvent',
  eventId: `ir-${id}`,
  eventTime: new Date().toISOString(),
  eventType: 'TroubleTicketInformationRequiredEvent',
  event: {
    troubleTicketInformationRequired: {
      id,
      '@type': 'TroubleTicketInformationRequired',
      informationRequiredPath: [
        { op: 'add', path: '/accessLineId' },
        { op: 'replace', path: '/appointment' },
      ],
    },
  },
});

/**
 * The official TMF621 v5.0.1 shape (its example TroubleTicketInformationRequiredEvent_request): `event.troubleTicket` and
 * one JSON Patch operation, with the document's `@baseType`, `reportingSystem` and `source`.
 */
const official = (id: string) => ({
  '@type': 'TroubleTicketInformationRequiredEvent',
  '@baseType': 'Event',
  eventId: `ir-official-${id}`,
  eventTime: new Date().toISOString(),
  eventType: 'TroubleTicketInformationRequiredEvent',
  timeOccurred: new Date().toISOString(),
  title: 'TroubleTicketInformationRequiredEvent',
  event: {
    troubleTicket: { id, href: `https://host:port/troubleTicket/v5/troubleTicket/${id}`, '@type': 'TroubleTicket' },
    informationRequired: { op: 'add', path: '/attachment' },
  },
  reportingSystem: { id: '759', name: 'APP-745', '@type': 'ReportingResource', '@referredType': 'LogicalResource' },
  source: { id: '705', name: 'APP-317', '@type': 'ReportingResource', '@referredType': 'LogicalResource' },
});

const words = {
  en: {
    locale: 'en-GB',
    notifications: 'Notifications',
    live: 'Live updates on',
    title: 'The provider needs information for this ticket',
    needs: 'The provider needs: Access line ID and Appointment',
    needsOfficial: 'The provider needs: Attachments',
    kind: 'Ticket needs information',
  },
  de: {
    locale: 'de-DE',
    notifications: 'Benachrichtigungen',
    live: 'Live-Aktualisierung an',
    title: 'Der Anbieter benötigt Angaben zu diesem Ticket',
    needs: 'Der Anbieter benötigt: Anschlusskennung (Line-ID) und Termin',
    needsOfficial: 'Der Anbieter benötigt: Anhänge',
    kind: 'Ticket braucht Angaben',
  },
} as const;

for (const language of ['en', 'de'] as const) {
  test.describe(`in ${language === 'en' ? 'English' : 'German'}`, () => {
    const say = words[language];
    test.use({ locale: say.locale });

    test('the ticket page and the panel say which information the provider asks for', async ({ page, axe }) => {
      test.setTimeout(60_000);
      await switchOffDemoProgression(page);
      await page.goto('/tickets/TT-000200');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(/TT-000200/);
      const button = page.getByRole('button', { name: new RegExp(`^${say.notifications}`) });
      await button.click();
      await expect(page.getByRole('status').filter({ hasText: say.live })).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(page.getByRole('note', { name: say.title })).toHaveCount(0);

      await emit(page, request('TT-000200'));
      const note = page.getByRole('note', { name: say.title });
      await expect(note).toContainText(say.needs);

      await button.click();
      const entry = page.getByRole('listitem').filter({ hasText: say.kind });
      await expect(entry).toContainText(say.needs);
      await expect(entry.getByRole('link', { name: 'Ticket TT-000200' })).toBeVisible();
      await axe(`ticket page and panel with an information request, ${language}`);
    });

    test('the official TMF621 v5.0.1 shape is read too: the ticket page and the panel name the field', async ({ page }) => {
      test.setTimeout(60_000);
      await switchOffDemoProgression(page);
      await page.goto('/tickets/TT-000201');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(/TT-000201/);
      const button = page.getByRole('button', { name: new RegExp(`^${say.notifications}`) });
      await button.click();
      await expect(page.getByRole('status').filter({ hasText: say.live })).toBeVisible();
      await page.keyboard.press('Escape');

      await emit(page, official('TT-000201'));
      await expect(page.getByRole('note', { name: say.title })).toContainText(say.needsOfficial);
      await button.click();
      const entry = page.getByRole('listitem').filter({ hasText: say.kind });
      await expect(entry).toContainText(say.needsOfficial);
      await expect(entry.getByRole('link', { name: 'Ticket TT-000201' })).toBeVisible();
    });
  });
}
