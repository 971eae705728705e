// @vitest-environment jsdom
/** In a page (jsdom): the default relative base lands on the page's origin and the page's AbortSignal works. */
import { expect, it } from 'vitest';
import { answerAll, clientFor, json, listenWithMsw } from '../testing/api-client';

listenWithMsw();

it('lists from /tmf-api/troubleTicket/v5 on the page origin, with a signal from the page', async () => {
  const seen = answerAll(() => json([], { headers: { 'X-Total-Count': '3' } }));
  const page = await clientFor('t', '/tmf-api/troubleTicket/v5').listTroubleTickets(
    { limit: 1, fields: ['status'], filters: { status: 'held' } },
    { signal: new AbortController().signal },
  );

  expect(seen[0]!.url).toBe(`${location.origin}/tmf-api/troubleTicket/v5/troubleTicket?limit=1&fields=status&status=held`);
  expect(seen[0]!.headers.get('Authorization')).toBe('Bearer t');
  expect(page.totalCount).toBe(3);
});
