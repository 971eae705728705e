/**
 * /tickets/new in the real app (routes, layout, providers, mocked service): the wizard is its own lazy chunk, a
 * dispute typed from the empty form arrives on the ticket's detail page with the confirmation, and nav focus works.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../testing/render-app';
import { serveMockService } from '../../testing/entry-service';

const { store } = serveMockService();

const cont = () => screen.getByRole('button', { name: 'Continue' });

describe('/tickets/new', () => {
  it('starts empty on the first step, under the page heading', async () => {
    renderApp('/tickets/new');
    expect(await screen.findByRole('heading', { level: 1, name: 'New ticket' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: /Step 1 of 7\s+Ticket/ })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Fault' })).not.toBeChecked();
    expect(screen.getByRole('textbox', { name: 'External ticket ID' })).toHaveValue('');
    expect(document.title).toBe('Ticket – New ticket – Trouble Ticket Desk');
  });

  it('from the navigation: focus on the page heading, then the wizard\'s steps change the address', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Overview' });
    await user.click(screen.getByRole('link', { name: 'New ticket' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'New ticket' })).toHaveFocus();
    await user.click(await screen.findByRole('radio', { name: 'Dispute' }));
    await user.type(screen.getByRole('textbox', { name: 'External ticket ID' }), 'EXT-ROUTE-1');
    await user.type(screen.getByRole('textbox', { name: 'Disputed ticket ID' }), 'TT-000010');
    await user.click(cont());
    expect(await screen.findByRole('heading', { level: 2, name: /Agreements$/ })).toHaveFocus();
    // The run's draft id stays in the address from step to step, so a reload finds this run's draft.
    expect(router.state.location.search).toMatch(/^\?draft=[a-z0-9]+&step=agreements$/);
  });

  it('a dispute typed from the empty form lands on its detail page with the confirmation', async () => {
    const user = userEvent.setup();
    const { router } = renderApp('/tickets/new');
    await user.click(await screen.findByRole('radio', { name: 'Dispute' }));
    await user.type(screen.getByRole('textbox', { name: 'External ticket ID' }), 'EXT-ROUTE-2');
    await user.type(screen.getByRole('textbox', { name: 'Disputed ticket ID' }), 'TT-000010');
    await user.click(cont());
    await user.click(await screen.findByRole('radio', { name: 'A reference to an existing agreement' }));
    await user.type(screen.getByRole('textbox', { name: 'ID of the existing agreement' }), 'RV-BSA-2019-0042');
    for (const step of ['Contacts', 'Affected product', 'Questionnaire', 'Appointment']) {
      await user.click(cont());
      await screen.findByRole('heading', { level: 2, name: new RegExp(`${step}$`) });
    }
    await user.click(cont());
    await screen.findByRole('heading', { level: 2, name: /Check your answers$/ });
    await user.click(screen.getByRole('button', { name: 'Create dispute ticket' }));

    // The service answers and the ticket's page (its own lazy chunk) loads after the click: wait for the confirmation
    // before asking the store, which has the ticket only once the service has answered.
    const confirmation = await screen.findByText(/^Ticket \S+ created$/, {}, { timeout: 10_000 });
    const created = store.tickets().find((ticket) => ticket.externalIdentifier.some((e) => e.id === 'EXT-ROUTE-2'));
    expect(confirmation).toHaveTextContent(`Ticket ${created?.id ?? '?'} created`);
    expect(router.state.location.pathname).toBe(`/tickets/${created?.id}`);
    expect(created).toMatchObject({ ticketType: 'dispute', troubleTicketRelationship: [{ id: 'TT-000010', relationshipType: 'disputes' }] });
  });
});
