/**
 * Follow-ups in the real app (routes, detail page, wizard, mocked service): "Dispute this resolution" and "Copy as new
 * ticket" open the wizard with answers filled in, on the step the agent completes first, each as a draft of its own;
 * nothing is sent before the agent creates the ticket; the action is offered per status.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FaultTicket } from '../../domain/ticket';
import { listDrafts, writeDraft } from '../../features/ticket-entry/model/draft';
import { faultValues } from '../../testing/entry-values';
import { serveMockService } from '../../testing/entry-service';
import { demoSession } from '../../lib/session';
import { renderApp } from '../../testing/render-app';

const { server, store } = serveMockService();
const posts: string[] = [];
beforeAll(() => {
  server.events.on('request:start', ({ request }) => {
    if (request.method === 'POST') posts.push(request.url);
  });
});
beforeEach(() => {
  posts.length = 0;
});

const agent = demoSession.userId;
const stepHeading = (title: string) => screen.findByRole('heading', { level: 2, name: new RegExp(`Step \\d of 7\\s+${title}$`) });
const cont = () => screen.getByRole('button', { name: 'Continue' });

function seeded(test: (ticket: FaultTicket) => boolean, what: string): FaultTicket {
  const ticket = store.tickets().find(test);
  if (!ticket) throw new Error(`the seed has no ${what}`);
  return ticket;
}

const resolvedFault = () =>
  seeded((t) => t.ticketType === 'fault' && t.status === 'resolved' && !!t.statusChangeReason, 'resolved fault');

async function openDetail(id: string) {
  const view = renderApp(`/tickets/${id}`);
  await screen.findByRole('region', { name: /^Ticket$/ });
  return view;
}

describe('dispute this resolution', () => {
  it('opens the wizard as a dispute of the ticket, on its first step, with the ticket\'s answers; nothing is sent', async () => {
    const user = userEvent.setup();
    const original = resolvedFault();
    const { router } = await openDetail(original.id);
    await user.click(screen.getByRole('link', { name: 'Dispute this resolution' }));

    expect(await stepHeading('Ticket')).toHaveFocus();
    const main = screen.getByRole('main');
    expect(within(main).getByRole('radio', { name: 'Dispute' })).toBeChecked();
    expect(within(main).getByRole('textbox', { name: 'External ticket ID' })).toHaveValue('');
    expect(within(main).getByRole('textbox', { name: 'Disputed ticket ID' })).toHaveValue(original.id);
    expect(main).toHaveTextContent(`You are disputing the resolution of ticket ${original.id}.`);
    expect(within(main).getByRole('link', { name: `ticket ${original.id}` })).toHaveAttribute('href', `/tickets/${original.id}`);

    const disputed = within(main).getByRole('region', { name: `Ticket ${original.id} as you opened the dispute` });
    expect(disputed).toHaveTextContent('Resolved');
    expect(disputed).toHaveTextContent(original.statusChangeReason!);
    expect(within(disputed).getByText((_, node) => node?.getAttribute('datetime') === original.resolutionDate)).toBeInTheDocument();

    // Stored at once as a draft of its own, named by the address.
    const [draft] = listDrafts(agent);
    expect(draft).toMatchObject({ step: 'ticket', origin: { kind: 'dispute', ticketId: original.id, status: 'resolved' } });
    expect(router.state.location.search).toBe(`?draft=${draft!.id}&step=ticket`);
    expect(posts).toEqual([]);
  });

  it('goes through check answers with the copied contacts and the relationship, and creates the dispute on submit only', async () => {
    const user = userEvent.setup();
    const original = resolvedFault();
    const { router } = renderApp(`/tickets/new?disputes=${original.id}`);
    await stepHeading('Ticket');
    await user.type(screen.getByRole('textbox', { name: 'External ticket ID' }), 'EXT-DISPUTE-1');
    await user.type(screen.getByRole('textbox', { name: 'Dispute reason (optional)' }), 'Still no sync after the port change.');
    for (const step of ['Agreements', 'Contacts', 'Affected product', 'Questionnaire', 'Appointment', 'Check your answers']) {
      await user.click(cont());
      await stepHeading(step);
    }
    const main = screen.getByRole('main');
    const party = original.relatedParty![0]!.partyOrPartyRole;
    expect(within(main).getByText(new RegExp(party['@type'] === 'Individual' ? party.familyName : party.name))).toBeInTheDocument();
    expect(within(main).getByText(original.id)).toBeInTheDocument();
    expect(posts).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Create dispute ticket' }));
    const created = await screen.findByRole('heading', { level: 1, name: /^Ticket TT-\d+$/ });
    const id = created.textContent!.replace('Ticket ', '');
    expect(router.state.location.pathname).toBe(`/tickets/${id}`);
    expect(store.ticket(id)).toMatchObject({ ticketType: 'dispute', troubleTicketRelationship: [{ id: original.id, relationshipType: 'disputes' }] });
    const related = await screen.findByRole('region', { name: 'Related tickets' });
    expect(within(related).getByRole('link', { name: new RegExp(original.id) })).toHaveAttribute('href', `/tickets/${original.id}`);
    expect(listDrafts(agent)).toEqual([]);
  });

  it('is not offered on an open fault (the page says when it will be) nor on a dispute; a copy is offered on both', async () => {
    const open = seeded((t) => t.ticketType === 'fault' && t.status === 'inProgress', 'fault in progress');
    const { unmount } = await openDetail(open.id);
    expect(screen.queryByRole('link', { name: 'Dispute this resolution' })).not.toBeInTheDocument();
    expect(screen.getByText('Its resolution can be disputed once the ticket is resolved or closed.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Copy as new ticket' })).toHaveAttribute('href', `/tickets/new?copyOf=${open.id}`);
    unmount();

    const dispute = seeded((t) => t.ticketType === 'dispute' && t.status === 'closed', 'closed dispute');
    await openDetail(dispute.id);
    const actions = screen.getByRole('group', { name: 'Follow-ups' });
    expect(within(actions).getAllByRole('link').map((link) => link.textContent)).toEqual(['Copy as new ticket']);
    expect(screen.queryByText(/can be disputed once/)).not.toBeInTheDocument();
  });

  it('an address asking to dispute an open fault explains why not and leads back; no draft is stored', async () => {
    const open = seeded((t) => t.ticketType === 'fault' && t.status === 'pending', 'pending fault');
    renderApp(`/tickets/new?disputes=${open.id}`);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: `The resolution of ticket ${open.id} cannot be disputed` })).toBeInTheDocument();
    expect(alert).toHaveTextContent(`Ticket ${open.id} is in the status Pending.`);
    expect(within(alert).getByRole('link', { name: `Back to ticket ${open.id}` })).toHaveAttribute('href', `/tickets/${open.id}`);
    expect(listDrafts(agent)).toEqual([]);
  });

  it('a ticket that cannot be loaded: says so, with the way back', async () => {
    renderApp('/tickets/new?copyOf=TT-999999999');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Ticket TT-999999999 could not be loaded, so nothing could be copied from it.');
    expect(screen.getByRole('link', { name: 'Back to ticket TT-999999999' })).toBeInTheDocument();
    expect(listDrafts(agent)).toEqual([]);
  });
});

describe('copy as new ticket', () => {
  it('fills in every answer but the external ID, names the source, and never overwrites another draft', async () => {
    const user = userEvent.setup();
    writeDraft(agent, 'earlier', { step: 'contacts', values: faultValues() });
    const source = seeded((t) => t.ticketType === 'fault' && !!t.description && !!t.networkTerminationLocation, 'fault with a description');
    await openDetail(source.id);
    await user.click(screen.getByRole('link', { name: 'Copy as new ticket' }));

    await stepHeading('Ticket');
    const main = screen.getByRole('main');
    expect(main).toHaveTextContent(`The answers are copied from ticket ${source.id}.`);
    expect(within(main).getByRole('link', { name: `ticket ${source.id}` })).toHaveAttribute('href', `/tickets/${source.id}`);
    expect(within(main).getByRole('radio', { name: 'Fault' })).toBeChecked();
    expect(within(main).getByRole('textbox', { name: 'External ticket ID' })).toHaveValue('');
    expect(within(main).getByRole('textbox', { name: 'Owner of the external ID (optional)' })).toHaveValue('');
    expect(within(main).getByRole('textbox', { name: 'Description (optional)' })).toHaveValue(source.description);
    await waitFor(() => expect(listDrafts(agent).map((draft) => draft.origin?.ticketId ?? 'none').sort()).toEqual(['none', source.id].sort()));
    expect(listDrafts(agent).find((draft) => draft.id === 'earlier')?.values).toEqual(faultValues());

    // The one answer the agent must give: Continue asks for it.
    await user.click(cont());
    expect(await screen.findByRole('link', { name: 'External ticket ID: enter a value' })).toBeInTheDocument();
    await user.type(within(main).getByRole('textbox', { name: 'External ticket ID' }), 'EXT-COPY-1');
    await user.click(cont());
    await stepHeading('Agreements');
    await user.click(cont());
    await stepHeading('Contacts');
    await user.click(cont());
    await stepHeading('Affected product');
    expect(screen.getByRole('textbox', { name: 'Network termination location (optional)' })).toHaveValue(source.networkTerminationLocation);
    expect(posts).toEqual([]);
  });
});
