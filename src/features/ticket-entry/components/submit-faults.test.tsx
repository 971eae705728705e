/**
 * Submitting while the service has a bad day (issue 8, faults): a 429 or 503 says how long to wait and offers Retry;
 * a lost answer whose lookup also fails still lands on the one ticket, or says plainly that it was probably created.
 */
import { act, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../../lib/i18n';
import { faultValues } from '../../../testing/entry-values';
import { createThenDropOnce, serveMockService } from '../../../testing/entry-service';
import { apiBase, renderEntry, stepHeading } from '../../../testing/render-entry';

const mock = serveMockService();
const { server, store } = mock;

const ticketsWith = (externalId: string) =>
  store.tickets().filter((ticket) => ticket.externalIdentifier.some((identifier) => identifier.id === externalId));

const refuseOnce = (status: number, retryAfter: string) =>
  server.use(
    http.post(`${apiBase}/troubleTicket`, () => HttpResponse.json({ code: 'x', reason: 'Busy' }, { status, headers: { 'Retry-After': retryAfter } }), {
      once: true,
    }),
  );

/** The first POST creates the ticket and its answer is lost; then the list lookup fails `times` times with a 500. */
function lostThenLookupFails(times: number) {
  createThenDropOnce(mock);
  for (let i = 0; i < times; i += 1) {
    server.use(http.get(`${apiBase}/troubleTicket`, () => HttpResponse.json({ code: 'x', reason: 'Down' }, { status: 500 }), { once: true }));
  }
}

async function submitFault() {
  const rendered = renderEntry(undefined, { draft: { values: faultValues(), step: 'check' } });
  await stepHeading('Check your answers');
  await rendered.user.click(screen.getByRole('button', { name: 'Create fault ticket' }));
  return rendered;
}

describe('submit under faults', () => {
  it.each([
    [429, '3', 'Too many requests at once (HTTP 429). Wait a moment and try again.', 'The service asks you to wait 3 seconds before sending the ticket again.'],
    [503, '1', 'Briefly unavailable (HTTP 503), for example during an update. Try again in a moment; nothing you typed is lost.', 'The service asks you to wait 1 second before sending the ticket again.'],
  ])('%i with Retry-After %s: says what happened and how long to wait, offers Retry, which creates one ticket', async (status, after, words, wait) => {
    refuseOnce(status, after);
    const { user } = await submitFault();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveFocus();
    expect(within(alert).getByRole('heading', { name: 'The ticket could not be sent' })).toBeInTheDocument();
    expect(within(alert).getByText(words)).toBeInTheDocument();
    expect(within(alert).getByText(wait)).toBeInTheDocument();
    expect(ticketsWith('EXT-0001')).toHaveLength(0);
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: /^Ticket TT-\d+ \(created\)$/ })).toBeInTheDocument();
    expect(ticketsWith('EXT-0001')).toHaveLength(1);
  });

  it('429, then the agent switches to German: the wait in German words', async () => {
    refuseOnce(429, '2');
    await submitFault();
    const alert = await screen.findByRole('alert');
    await act(() => i18n.changeLanguage('de'));
    expect(within(alert).getByText('Der Dienst bittet, 2 Sekunden zu warten, bevor Sie das Ticket erneut senden.')).toBeInTheDocument();
    expect(within(alert).getByRole('button', { name: 'Erneut versuchen' })).toBeInTheDocument();
  });

  it('a lost answer, then a failing lookup after the 409: asks again and opens the one ticket', async () => {
    lostThenLookupFails(1);
    const { user } = await submitFault();
    await user.click(within(await screen.findByRole('alert')).getByRole('button', { name: 'Retry' }));
    const created = ticketsWith('EXT-0001');
    expect(await screen.findByRole('heading', { level: 1, name: `Ticket ${created[0]!.id} (created)` }, { timeout: 5000 })).toBeInTheDocument();
    expect(created).toHaveLength(1);
  });

  it('a lost answer and a lookup that keeps failing: says the earlier attempt probably created it, links to the list', async () => {
    lostThenLookupFails(3);
    const { user } = await submitFault();
    await user.click(within(await screen.findByRole('alert')).getByRole('button', { name: 'Retry' }));
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    await within(alert).findByRole('heading', { name: 'Your earlier attempt probably created this ticket' }, { timeout: 5000 });
    expect(within(alert).getByText(/nothing was created twice/)).toBeInTheDocument();
    expect(within(alert).getByRole('link', { name: 'Look for EXT-0001 in the ticket list' })).toHaveAttribute('href', '/tickets?externalId=EXT-0001');
    expect(ticketsWith('EXT-0001')).toHaveLength(1);
  });
});
