// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faultTicketBody } from '../mocks/fixtures';
import { startHttpServer, type RunningServer } from '../mocks/server/http';
import { FaultTicketFvo } from '../src/domain/ticket';
import { act, describeAnswer, providerActions, startProviderPage, targetOf } from './provider-controls';

let service: RunningServer;
let page: Awaited<ReturnType<typeof startProviderPage>>;
const made: string[] = [];

beforeAll(async () => {
  service = await startHttpServer({ port: 0, storeOptions: { seed: false }, providerControls: true });
  for (const n of [1, 2, 3, 4, 5, 6]) made.push(service.store.createTicket(FaultTicketFvo.parse(faultTicketBody(`EINS-CTL-${n}`))).id);
  page = await startProviderPage({ origin: service.url }, 0);
});
afterAll(async () => {
  await page.close();
  await service.close();
});

const post = (form: Record<string, string>) =>
  fetch(`${page.url}/act`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form) });

describe('the demo controls (npm run provider, the Provider page)', () => {
  it.each([
    ['askForInformation', 'pending', ['change', 'notice']],
    ['resolve', 'resolved', ['change']],
    ['close', 'closed', ['change']],
    ['reject', 'rejected', ['change']],
    ['jeopardy', 'acknowledged', ['notice', 'notice']],
    ['milestone', 'acknowledged', ['notice', 'notice']],
  ] as const)('%s: the ticket is then %s, and the provider says so', async (action, status, kinds) => {
    const ticket = made[providerActions.indexOf(action)]!;
    const answer = await act({ origin: service.url }, { action, ticket, path: '/appointment', milestone: 'Techniker vor Ort' });
    expect(answer.status).toBe(200);
    expect(answer.ticket?.status).toBe(status);
    expect(answer.events?.map((e) => e.type)).toEqual(kinds);
    expect(describeAnswer({ action, ticket }, answer)).toContain(`the ticket is ${status};`);
  });

  it.each([
    ['a ticket in a final status', { action: 'resolve' as const, ticket: 'closed' }, 409, /a final status/],
    ['an unknown ticket', { action: 'resolve' as const, ticket: 'TT-999999' }, 404, /No trouble ticket TT-999999/],
    ['a path that is no JSON Pointer', { action: 'askForInformation' as const, ticket: 'open', path: 'accessLineId' }, 400, /JSON Pointer/],
  ])('refuses %s, saying why', async (_name, request, status, why) => {
    const open = service.store.createTicket(FaultTicketFvo.parse(faultTicketBody(`EINS-CTL-R-${status}`))).id;
    const ticket = request.ticket === 'closed' ? made[providerActions.indexOf('close')]! : request.ticket === 'open' ? open : request.ticket;
    const answer = await act({ origin: service.url }, { ...request, ticket });
    expect(answer.status).toBe(status);
    expect(describeAnswer({ ...request, ticket }, answer)).toMatch(why);
  });

  it('the page offers every action and does the one chosen', async () => {
    const form = await (await fetch(`${page.url}/`)).text();
    for (const action of providerActions) expect(form).toContain(`value="${action}"`);
    const ticket = service.store.createTicket(FaultTicketFvo.parse(faultTicketBody('EINS-CTL-PAGE'))).id;
    const answer = await post({ action: 'askForInformation', ticket, path: '/networkTerminationLocation' });
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain(`askForInformation ${ticket}: done, the ticket is pending`);
    expect(service.store.ticket(ticket)?.status).toBe('pending');
  });

  it('the page shows what it is sent as text, never as markup', async () => {
    const answer = await post({ action: 'resolve', ticket: '<b>x</b>' });
    expect(answer.status).toBe(400);
    expect(await answer.text()).not.toContain('<b>x</b>');
  });

  it('a service without controls answers 404, and the page says how to switch them on', async () => {
    const plain = await startHttpServer({ port: 0, storeOptions: { seed: false } });
    try {
      const answer = await act({ origin: plain.url }, { action: 'resolve', ticket: 'TT-000001' });
      expect(answer.status).toBe(404);
      expect(describeAnswer({ action: 'resolve', ticket: 'TT-000001' }, { status: 404 })).toContain('MOCK_PROVIDER_CONTROLS=1');
    } finally {
      await plain.close();
    }
  });

  it('npm run provider drives dev:gateway\'s service with the token provider by default, npm run mock-api when told', () => {
    expect(targetOf(['resolve', 'TT-1'], {})).toEqual({
      origin: 'http://127.0.0.1:4183',
      token: { url: 'http://127.0.0.1:4182/token', resource: 'http://127.0.0.1:4183/tmf-api/troubleTicket/v5' },
    });
    expect(targetOf(['resolve', 'TT-1', '--mock-api'], {})).toEqual({ origin: 'http://127.0.0.1:8787' });
    expect(targetOf(['resolve', 'TT-1', '--mock-api=http://127.0.0.1:9000'], {})).toEqual({ origin: 'http://127.0.0.1:9000' });
  });
});

describe('the Provider page is never part of the app', () => {
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? files(join(dir, entry.name)) : [join(dir, entry.name)]));

  it('nothing under src/ names it or its routes, so no build of the app can hold it', () => {
    const shipped = files(join(__dirname, '..', 'src')).filter((file) => /\.(ts|tsx)$/.test(file) && !/\.test\.tsx?$/.test(file));
    expect(shipped.length).toBeGreaterThan(100);
    const naming = shipped.filter((file) => /provider-controls|__provider/.test(readFileSync(file, 'utf8')));
    expect(naming).toEqual([]);
  });
});
