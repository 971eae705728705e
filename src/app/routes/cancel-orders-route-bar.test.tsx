/**
 * The cancellation list on the ticket list's pieces (issue 37): the filter bar's state menu and its chips, the column
 * chooser beside the results, and the CSV export of the view, all against the mocked service.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Papa from 'papaparse';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMockServer } from '../../../mocks/node';
import { i18n } from '../../lib/i18n';
import { renderApp } from '../../testing/render-app';

const { server, store } = createMockServer();
const downloads: { name: string; blob: Blob }[] = [];
const blobs = new Map<string, Blob>();

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(async () => {
  await i18n.changeLanguage('en');
  downloads.length = 0;
  let n = 0;
  // jsdom has no object URLs and does not download: keep the Blob and the link's file name instead.
  Object.defineProperty(URL, 'createObjectURL', {
    value: (blob: Blob) => {
      const url = `blob:test/${++n}`;
      blobs.set(url, blob);
      return url;
    },
    configurable: true,
  });
  Object.defineProperty(URL, 'revokeObjectURL', { value: () => {}, configurable: true });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push({ name: this.download, blob: blobs.get(this.href)! });
  });
});
afterEach(() => {
  server.resetHandlers();
  store.reset();
  vi.restoreAllMocks();
  Reflect.deleteProperty(URL, 'createObjectURL');
  Reflect.deleteProperty(URL, 'revokeObjectURL');
});
afterAll(() => server.close());

async function openList(path = '/cancel-orders') {
  const view = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Order cancellations' });
  return view;
}

describe('the cancellation list’s bar, chips, columns and export', () => {
  it('offers the states in a menu of the bar, not as a column of checkboxes on the page', async () => {
    await openList();
    await screen.findByText('1–20 of 24');
    const menu = screen.getByText('State', { selector: 'summary' }).closest('details')!;
    expect(menu).not.toHaveAttribute('open');
    expect(within(menu).getByRole('checkbox', { name: 'Acknowledged' })).not.toBeVisible();
  });

  it('shows each applied filter as a chip; removing one keeps the others, in the URL too', async () => {
    const user = userEvent.setup();
    const { router } = await openList('/cancel-orders?state=acknowledged,inProgress&productOrderId=PO-004700851');
    const chips = await screen.findByRole('list', { name: 'Active filters' });
    const names = within(chips)
      .getAllByRole('link')
      .map((link) => link.getAttribute('aria-label'));
    expect(names).toEqual([
      'Remove filter: Product order ID: PO-004700851',
      'Remove filter: State: Acknowledged',
      'Remove filter: State: In progress',
    ]);
    await user.click(within(chips).getByRole('link', { name: 'Remove filter: State: Acknowledged' }));
    await waitFor(() => expect(router.state.location.search).toBe('?productOrderId=PO-004700851&state=inProgress'));
    expect(await screen.findByText('1–1 of 1')).toBeInTheDocument();
  });

  it('has the column chooser beside the results heading', async () => {
    await openList();
    const results = await screen.findByRole('region', { name: 'Cancellations' });
    expect(within(results).getByText('Columns', { selector: 'summary' })).toBeInTheDocument();
  });

  it('downloads every cancellation of the view as CSV, with the columns and words of the screen', async () => {
    const user = userEvent.setup();
    await openList('/cancel-orders?state=done');
    const range = await screen.findByText(/^1–\d+ of \d+$/);
    const total = Number(range.textContent!.split(' of ')[1]);
    await user.click(screen.getByRole('button', { name: 'Download CSV of this view' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    expect(downloads[0].name).toMatch(/^cancellations-\d{4}-\d{2}-\d{2}-\d{4}\.csv$/);
    const text = new TextDecoder().decode(await downloads[0].blob.arrayBuffer());
    const [header, ...rows] = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { newline: '\r\n', skipEmptyLines: true }).data;
    expect(header).toEqual(['Cancellation', 'Product order ID', 'State', 'Requested cancellation date', 'Requested on']);
    expect(rows).toHaveLength(total);
    expect(new Set(rows.map((row) => row[2]))).toEqual(new Set(['Done']));
  });
});
