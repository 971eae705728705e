/** The overview against the project's mocked service: every count shown is what the store holds. */
import { screen } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { createMockServer } from '../../../mocks/node';
import { ticketStatuses } from '../../domain/ticket';
import { i18n } from '../../lib/i18n';
import { renderApp } from '../../testing/render-app';

const { server, store } = createMockServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(async () => {
  store.reset();
  await i18n.changeLanguage('en');
});

it('shows, for each of the 9 statuses, the number of tickets the service holds, plus the totals', async () => {
  renderApp('/');
  const tickets = store.tickets();
  const all = await screen.findByRole('link', { name: /^All tickets: / }, { timeout: 5000 });
  expect(all).toHaveAccessibleName(`All tickets: ${tickets.length.toLocaleString('en-GB')}`);
  for (const status of ticketStatuses) {
    const count = tickets.filter((ticket) => ticket.status === status).length;
    expect(count).toBeGreaterThan(0);
    const link = screen.getAllByRole('link').find((l) => l.getAttribute('href') === `/tickets?status=${status}`);
    expect(link).toHaveAccessibleName(new RegExp(`: ${count.toLocaleString('en-GB')}$`));
  }
  const cancellations = await screen.findByRole('link', { name: /^Order cancellations: / });
  expect(cancellations).toHaveAccessibleName(`Order cancellations: ${store.cancelOrders().length}`);
});
