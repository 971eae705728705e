// @vitest-environment node
// The receiver's /metrics as Prometheus reads it, from the real process (issue 30): events received, accepted,
// duplicated and refused by listener path and reason, streams open, deliveries; straight to the port from this
// machine only, or with METRICS_TOKEN; a path nobody knows is one label, not one per path.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parsePrometheusText, sampleValue } from '../prometheus-text';
import { startReceiver, type Receiver } from '../testing/processes';

const TOKEN = 'scrape-token-0123456789abcdef';
let receiver: Receiver;

beforeAll(async () => {
  receiver = await startReceiver({ env: { METRICS_TOKEN: TOKEN } });
});
afterAll(async () => {
  await receiver.stop();
});

const post = (path: string, body: unknown, type = 'application/json') =>
  fetch(`${receiver.base}${path}`, { method: 'POST', headers: { Authorization: 'Bearer service', 'Content-Type': type }, body: JSON.stringify(body) });
const status = (eventId: string) => ({ eventId, eventTime: '2026-11-26T10:00:00Z', eventType: 'TroubleTicketStatusChangeEvent', event: { troubleTicket: { id: 'TT-9' } } });

async function scrape() {
  const answer = await fetch(`${receiver.base}/metrics`);
  expect(answer.status).toBe(200);
  return parsePrometheusText(await answer.text()).samples;
}

describe('GET /metrics of the receiver', () => {
  it('counts what the provider sent, what was refused and why, and what reached the agents', async () => {
    const path = 'troubleTicketStatusChangeEvent';
    expect((await post(`/listener/${path}`, status('m-1'))).status).toBe(204);
    expect((await post(`/listener/${path}`, status('m-1'))).status).toBe(204);
    expect((await post(`/listener/${path}`, status('m-2'), 'text/html')).status).toBe(415);
    expect((await post('/listener/noSuchEvent-1', status('m-3'))).status).toBe(404);
    expect((await post('/listener/noSuchEvent-2', status('m-4'))).status).toBe(404);

    // An agent's stream gets the next event.
    const ticket = (await (await fetch(`${receiver.base}/relay/stream-tickets`, { method: 'POST', headers: { Authorization: 'Bearer agent' } })).json()) as { ticket: string };
    const stream = await fetch(`${receiver.base}/relay/events?ticket=${encodeURIComponent(ticket.ticket)}`);
    const reader = stream.body?.getReader();
    await reader?.read();
    expect((await post(`/listener/${path}`, status('m-5'))).status).toBe(204);
    let seen = '';
    while (!seen.includes('m-5')) seen += new TextDecoder().decode((await reader?.read())?.value);

    const samples = await scrape();
    expect(sampleValue(samples, 'ttd_events_received_total', { path })).toBe(4);
    expect(sampleValue(samples, 'ttd_events_accepted_total', { path })).toBe(3);
    expect(sampleValue(samples, 'ttd_events_duplicate_total', { path })).toBe(1);
    expect(sampleValue(samples, 'ttd_events_refused_total', { path, reason: 'invalidContentType' })).toBe(1);
    expect(sampleValue(samples, 'ttd_events_refused_total', { path: 'other', reason: 'notFound' })).toBe(2);
    expect(samples.filter((s) => s.labels.path?.startsWith('noSuchEvent'))).toEqual([]);
    expect(sampleValue(samples, 'ttd_relay_streams_open')).toBe(1);
    expect(sampleValue(samples, 'ttd_relay_deliveries_total')).toBeGreaterThanOrEqual(1);
    expect(sampleValue(samples, 'ttd_process_cpu_seconds_total')).toBeGreaterThan(0);
    // The gateway's families are the gateway's: a receiver does not show them empty.
    expect(samples.filter((s) => s.name.startsWith('ttd_gateway_')).map((s) => s.name)).toEqual([]);
    await reader?.cancel();
  });

  it.each([
    ['through a proxy, without the token', { 'X-Forwarded-For': '203.0.113.7' }, 403],
    ['through a proxy, with METRICS_TOKEN', { 'X-Forwarded-For': '203.0.113.7', Authorization: `Bearer ${TOKEN}` }, 200],
    ['with a wrong token', { Authorization: `Bearer ${TOKEN.replace('0', '1')}` }, 403],
  ])('answers a scraper %s with %i', async (_name, headers, expected) => {
    expect((await fetch(`${receiver.base}/metrics`, { headers })).status).toBe(expected);
  });
});
