/**
 * Counts that lie: a service that sends no X-Total-Count, or 0 beside a full page. The lists show the rows, a range
 * without a total, and Next while a page comes back full, so an agent can page forward to the end.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { shownIds, showList, setUpTicketService, summary } from '../../testing/ticket-list-service';

const service = setUpTicketService();
const next = () => screen.queryByRole('link', { name: 'Next page' });

describe.each([
  ['sends no X-Total-Count', 'omit'],
  ['sends X-Total-Count: 0 beside a full page', 'zero'],
] as const)('a ticket service that %s', (_case, mode) => {
  it('shows each page with its range but no total, and pages forward to the end', async () => {
    const user = userEvent.setup();
    service.settings.totalCount = mode;
    await showList('/tickets?pageSize=100');
    expect(summary()).toHaveTextContent(/^1–100$/);
    expect(shownIds()).toHaveLength(100);
    expect(screen.getByText('Page 1')).toBeInTheDocument();

    await user.click(next()!);
    await waitFor(() => expect(summary()).toHaveTextContent(/^101–200$/));
    await user.click(next()!);
    // The last page comes back short (240 tickets): that is the end, so there is no Next.
    await waitFor(() => expect(summary()).toHaveTextContent(/^201–240$/));
    expect(shownIds()).toHaveLength(40);
    expect(next()).toBeNull();
    expect(screen.getByRole('link', { name: 'Previous page' })).toBeInTheDocument();
  });
});

describe('a cancellation service that sends no X-Total-Count', () => {
  it('pages forward to the end the same way', async () => {
    const user = userEvent.setup();
    service.settings.totalCount = 'omit';
    await showList('/cancel-orders?pageSize=10');
    const range = () => screen.getByRole('status', { name: 'Cancellations' });
    expect(range()).toHaveTextContent(/^1–10$/);
    await user.click(next()!);
    await waitFor(() => expect(range()).toHaveTextContent(/^11–20$/));
    await user.click(next()!);
    await waitFor(() => expect(range()).toHaveTextContent(/^21–24$/));
    expect(next()).toBeNull();
  });
});
