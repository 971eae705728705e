/**
 * "Entered on this desk by …" on the ticket and cancellation pages (gateway mode, issue 27): from the gateway's audit
 * record, in local time with its zone; nothing for a record the gateway does not have (404), nothing in direct mode.
 */
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMockServer } from '../../../mocks/node';
import { config } from '../../lib/config';
import { formatDateTime } from '../../lib/format';
import { i18n } from '../../lib/i18n';
import { renderApp } from '../../testing/render-app';

const { server } = createMockServer();
const AT = '2026-11-26T10:42:17.000Z';
const audited: string[] = [];

/** The gateway's audit look-up: a record for TT-000001 and CPO-000003 (Jana Schmidt), 404 for everything else. */
const auditHandler = http.get('*/gateway/audit/:resource/:id', ({ params }) => {
  audited.push(`${String(params.resource)}/${String(params.id)}`);
  const known = ['troubleTicket/TT-000001', 'cancelProductOrder/CPO-000003'].includes(`${String(params.resource)}/${String(params.id)}`);
  if (!known) return HttpResponse.json({ '@type': 'Error', code: 'notFound', reason: 'No audit record', status: '404' }, { status: 404 });
  return HttpResponse.json({
    action: params.resource === 'troubleTicket' ? 'createTroubleTicket' : 'createCancelProductOrder',
    agent: { subject: 'agent-1', name: 'Jana Schmidt' },
    at: AT,
    externalIdentifier: 'EXT-1',
  });
});

const mode = config.authMode;
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(async () => {
  server.use(auditHandler);
  audited.length = 0;
  config.authMode = 'gateway';
  await i18n.changeLanguage('en');
});
afterEach(() => {
  server.resetHandlers();
  config.authMode = mode;
});
afterAll(() => server.close());

describe('entered on this desk', () => {
  it.each([
    ['/tickets/TT-000001', 'Ticket TT-000001'],
    ['/cancel-orders/CPO-000003', 'Cancellation CPO-000003'],
  ])('%s says who entered it and when, in local time with the zone', async (path, heading) => {
    renderApp(path);
    await screen.findByRole('heading', { level: 1, name: heading });
    const line = await screen.findByText(/^Entered on this desk by/);
    expect(line).toHaveTextContent(`Entered on this desk by Jana Schmidt, ${formatDateTime(AT)}`);
    expect(formatDateTime(AT)).toMatch(/^26 Nov 2026, \d\d:42 \S+$/);
  });

  it('reads German', async () => {
    await i18n.changeLanguage('de');
    renderApp('/tickets/TT-000001');
    expect(await screen.findByText(/^An diesem Desk erfasst von/)).toHaveTextContent(`An diesem Desk erfasst von Jana Schmidt, ${formatDateTime(AT, 'de')}`);
  });

  it.each([
    ['/tickets/TT-000002', 'troubleTicket/TT-000002'],
    ['/cancel-orders/CPO-000006', 'cancelProductOrder/CPO-000006'],
  ])('%s, which the gateway has no record of (404), says nothing about it', async (path, asked) => {
    renderApp(path);
    await waitFor(() => expect(audited).toContain(asked));
    await screen.findByRole('heading', { level: 2, name: /Details|Ticket/ });
    expect(screen.queryByText(/Entered on this desk/)).not.toBeInTheDocument();
  });

  it('in direct mode asks nothing and shows nothing', async () => {
    config.authMode = 'direct';
    renderApp('/tickets/TT-000001');
    await screen.findByRole('heading', { level: 1, name: 'Ticket TT-000001' });
    await screen.findByRole('region', { name: /^Ticket$/ });
    expect(screen.queryByText(/Entered on this desk/)).not.toBeInTheDocument();
    expect(audited).toEqual([]);
  });
});
