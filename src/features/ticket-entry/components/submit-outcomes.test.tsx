/**
 * Submitting from "Check your answers": every declared outcome of POST /troubleTicket (interface.md 4.1), the lost
 * response that must not create a second ticket, and the double click that must send one request.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { FaultTicketFvo } from '../../../domain/ticket';
import { demoSession } from '../../../lib/session';
import { toBody } from '../model/to-body';
import { disputeValues, faultValues } from '../../../testing/entry-values';
import { createThenDropOnce, serveMockService } from '../../../testing/entry-service';
import { apiBase, errorSummary, renderEntry, stepHeading, storedDraft, testDraftId } from '../../../testing/render-entry';

const mock = serveMockService();
const { server, store } = mock;
/** Bodies of the POSTs sent, as they left the app. */
const posts: Promise<string>[] = [];
beforeAll(() => {
  server.events.on('request:start', ({ request }) => {
    if (request.method === 'POST') posts.push(request.clone().text());
  });
});
beforeEach(() => {
  posts.length = 0;
});

const ticketsWith = (externalId: string) =>
  store.tickets().filter((ticket) => ticket.externalIdentifier.some((identifier) => identifier.id === externalId));


const answer = (status: number, body?: object) =>
  server.use(http.post(`${apiBase}/troubleTicket`, () => (body ? HttpResponse.json(body, { status }) : new HttpResponse(null, { status }))));

async function submitFault(options: Parameters<typeof renderEntry>[1] = {}) {
  const rendered = renderEntry(undefined, { draft: { values: faultValues(), step: 'check' }, ...options });
  await stepHeading('Check your answers');
  await rendered.user.click(screen.getByRole('button', { name: 'Create fault ticket' }));
  return rendered;
}

describe('submit', () => {
  it('201: creates the ticket once, deletes the draft and opens the ticket with a confirmation', async () => {
    await submitFault();
    expect(await screen.findByRole('heading', { level: 1, name: /^Ticket TT-\d+ \(created\)$/ })).toBeInTheDocument();
    expect(ticketsWith('EXT-0001')).toHaveLength(1);
    expect(posts).toHaveLength(1);
    expect(storedDraft()).toBeNull();
  });

  it('sends the body the form shows, valid for the service', async () => {
    await submitFault();
    await screen.findByRole('heading', { level: 1, name: /created/ });
    const body: unknown = JSON.parse(await posts[0]!);
    expect(FaultTicketFvo.safeParse(body).success).toBe(true);
    expect(body).toMatchObject({ '@type': 'FaultTicket', ticketType: 'fault', externalIdentifier: [{ id: 'EXT-0001' }] });
  });

  it('a dispute is created with its own button', async () => {
    const { user } = renderEntry(undefined, { draft: { values: disputeValues(), step: 'check' } });
    await stepHeading('Check your answers');
    await user.click(screen.getByRole('button', { name: 'Create dispute ticket' }));
    expect(await screen.findByRole('heading', { level: 1, name: /created/ })).toBeInTheDocument();
    expect(ticketsWith('EXT-0003')[0]?.ticketType).toBe('dispute');
  });

  it('a double click sends one request and creates one ticket', async () => {
    // The service holds its answer until the test has pressed three times (no timer: a busy machine cannot answer first).
    let answerNow: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answerNow = resolve));
    server.use(
      http.post(`${apiBase}/troubleTicket`, async () => {
        await answered;
        return undefined;
      }),
    );
    const { user } = renderEntry(undefined, { draft: { values: faultValues(), step: 'check' } });
    await stepHeading('Check your answers');
    const button = screen.getByRole('button', { name: 'Create fault ticket' });
    await user.dblClick(button);
    await user.click(button);
    expect(button).toBeDisabled();
    expect(await screen.findByText('Creating the ticket…')).toBeInTheDocument();
    answerNow();
    expect(await screen.findByRole('heading', { level: 1, name: /created/ })).toBeInTheDocument();
    expect(posts).toHaveLength(1);
    expect(ticketsWith('EXT-0001')).toHaveLength(1);
  });

  it('once created, a second press while the ticket page is still on its way sends nothing', async () => {
    let arrive: () => void = () => undefined;
    const ticketPageArrives = new Promise<void>((resolve) => {
      arrive = resolve;
    });
    const { user } = renderEntry(undefined, { draft: { values: faultValues(), step: 'check' }, ticketPageArrives });
    await stepHeading('Check your answers');
    const button = screen.getByRole('button', { name: 'Create fault ticket' });
    await user.click(button);
    await waitFor(() => expect(ticketsWith('EXT-0001')).toHaveLength(1));
    // The wizard is still on screen (the ticket page's code has not arrived): the agent presses again.
    await user.click(button);
    arrive();
    expect(await screen.findByRole('heading', { level: 1, name: /^Ticket TT-\d+ \(created\)$/ })).toBeInTheDocument();
    expect(posts).toHaveLength(1);
    expect(ticketsWith('EXT-0001')).toHaveLength(1);
  });

  it('202: says the ticket was accepted and links to the list filtered by its external ID', async () => {
    answer(202);
    await submitFault();
    const heading = await screen.findByRole('heading', { level: 2, name: 'Ticket accepted' });
    expect(heading).toHaveFocus();
    expect(screen.getByText(/accepted the ticket with the external ID EXT-0001/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find ticket EXT-0001 in the ticket list' })).toHaveAttribute('href', '/tickets?externalId=EXT-0001');
    expect(storedDraft()).toBeNull();
  });

  it('400: puts the service\'s words on the fields it names, the rest in the summary', async () => {
    answer(400, {
      '@type': 'Error',
      code: 'invalidBody',
      reason: 'Bad Request',
      invalidFields: [
        { path: 'relatedParty[0].partyOrPartyRole.familyName', message: 'Family name: not in the customer register' },
        { path: 'accessLineId', message: 'Access line ID: unknown line' },
        { path: '', message: 'The agreement does not cover this product' },
      ],
    });
    const { user } = await submitFault();
    const summary = await errorSummary();
    expect(summary.parentElement).toHaveFocus();
    expect(within(summary).getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Contact 1: Family name: not in the customer register',
      'Access line ID: unknown line',
    ]);
    expect(within(summary).getByText('The agreement does not cover this product')).toBeInTheDocument();

    await user.click(within(summary).getByRole('link', { name: 'Contact 1: Family name: not in the customer register' }));
    const family = await screen.findByRole('textbox', { name: 'Family name' });
    expect(family).toHaveFocus();
    expect(family).toHaveAccessibleDescription('Error: Family name: not in the customer register');
    expect(storedDraft()?.values.relatedParty[0]?.partyOrPartyRole.familyName).toBe('Müller');
  });

  it('400 without named fields: the service\'s reason in the summary', async () => {
    answer(400, { code: 'invalidBody', reason: 'Bad Request', message: 'Body rejected by the gateway' });
    await submitFault();
    expect(within(await errorSummary()).getByText('The service did not say which answer it refused: Body rejected by the gateway')).toBeInTheDocument();
  });

  it('409: says a ticket with this external ID exists and links to it with its status; nothing new is created', async () => {
    const { user } = renderEntry(undefined, { draft: { values: faultValues(), step: 'check' } });
    await stepHeading('Check your answers');
    // Someone else already entered this external ID.
    const existing = store.createTicket(FaultTicketFvo.parse(toBody(faultValues())));
    await user.click(screen.getByRole('button', { name: 'Create fault ticket' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveFocus();
    expect(within(alert).getByRole('heading', { name: 'A ticket with this external ID already exists' })).toBeInTheDocument();
    expect(existing.status).toBe('acknowledged');
    expect(within(alert).getByRole('link', { name: `Open ticket ${existing.id}, status Acknowledged` })).toHaveAttribute('href', `/tickets/${existing.id}`);
    expect(within(alert).getByRole('link', { name: 'Change the external ID' })).toHaveAttribute(
      'href',
      `/tickets/new?draft=${testDraftId}&step=ticket&field=externalIdentifier.0.id&from=check`,
    );
    expect(ticketsWith('EXT-0001')).toHaveLength(1);
    expect(storedDraft()).not.toBeNull();
  });

  it('a lost response: the retry\'s 409 for the same external ID means the first attempt created it; no second ticket', async () => {
    createThenDropOnce(mock);
    const { user } = await submitFault();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The service could not be reached. Check your connection and try again.')).toBeInTheDocument();
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    const created = ticketsWith('EXT-0001');
    expect(await screen.findByRole('heading', { level: 1, name: `Ticket ${created[0]!.id} (created)` })).toBeInTheDocument();
    expect(created).toHaveLength(1);
    expect(posts).toHaveLength(2);
    expect(storedDraft()).toBeNull();
  });

  it('the lost response survives a reload: the draft remembers the unanswered attempt', async () => {
    createThenDropOnce(mock);
    const first = await submitFault();
    await screen.findByRole('alert');
    await waitFor(() => expect(storedDraft()?.unconfirmedExternalId).toBe('EXT-0001'));
    first.unmount();

    // The reload comes back to the run's own address (every step's address names its draft).
    const { user } = renderEntry(`/tickets/new?draft=${testDraftId}&step=check`);
    await user.click(await screen.findByRole('button', { name: 'Resume draft' }));
    await user.click(await screen.findByRole('button', { name: 'Create fault ticket' }));
    expect(await screen.findByRole('heading', { level: 1, name: /created/ })).toBeInTheDocument();
    expect(ticketsWith('EXT-0001')).toHaveLength(1);
  });

  it('401: keeps the draft on check answers, signs in again, and comes back there', async () => {
    answer(401, { code: 'unauthorized', reason: 'Unauthorized' });
    const signIn = vi.fn(() => Promise.resolve());
    const session = { ...demoSession, signIn };
    const first = await submitFault({ session });
    expect(await screen.findByRole('heading', { name: 'Your session has ended' })).toBeInTheDocument();
    expect(signIn).toHaveBeenCalledWith('/tickets/new?step=check');
    expect(storedDraft()).toMatchObject({ step: 'check', resumeOnReturn: true });
    first.unmount();

    // Back from the identity provider: straight to check answers with every answer, no question asked.
    server.resetHandlers();
    renderEntry('/tickets/new?step=check', { session });
    expect(await stepHeading('Check your answers')).toHaveFocus();
    expect(screen.getByText('EXT-0001')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resume draft' })).not.toBeInTheDocument();
    expect(storedDraft()?.resumeOnReturn).toBeUndefined();
  });

  it('403: says plainly that this account may not create tickets; the draft is kept', async () => {
    answer(403, { code: 'forbidden', reason: 'Forbidden' });
    await submitFault();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'This account may not create tickets' })).toBeInTheDocument();
    expect(storedDraft()).not.toBeNull();
  });

  it.each([
    [500, 'The service had a problem (HTTP 500). Try again in a moment.'],
    [503, 'Briefly unavailable (HTTP 503), for example during an update. Try again in a moment; nothing you typed is lost.'],
  ])('%i: keeps everything and offers Retry, which then succeeds', async (status, words) => {
    server.use(http.post(`${apiBase}/troubleTicket`, () => HttpResponse.json({ code: 'x', reason: 'Down' }, { status }), { once: true }));
    const { user } = await submitFault();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(words)).toBeInTheDocument();
    expect(within(alert).getByText('The service said: Down')).toBeInTheDocument();
    expect(storedDraft()).not.toBeNull();
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: /created/ })).toBeInTheDocument();
    expect(posts).toHaveLength(2);
  });

  it('a network failure keeps everything and offers Retry', async () => {
    server.use(http.post(`${apiBase}/troubleTicket`, () => HttpResponse.error()));
    await submitFault();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'The ticket could not be sent' })).toBeInTheDocument();
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create fault ticket' })).toBeEnabled();
    expect(ticketsWith('EXT-0001')).toHaveLength(0);
  });

  it.each([
    [404, 'The service does not know this resource (HTTP 404).'],
    [405, 'The service refused the request (HTTP 405).'],
    [501, 'The service had a problem (HTTP 501). Try again in a moment.'],
  ])('%i: a readable message, the draft kept, no Retry loop', async (status, words) => {
    answer(status, { code: 'x', reason: 'No such operation' });
    await submitFault();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'The service cannot create tickets here' })).toBeInTheDocument();
    expect(within(alert).getByText(words)).toBeInTheDocument();
    expect(within(alert).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(storedDraft()).not.toBeNull();
  });
});
