/** Test support for the create flow's outcome tests: the mocked service, a POST recorder and the check page. */
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterAll, afterEach, beforeAll, beforeEach, vi } from 'vitest';
import { createMockServer } from '../../mocks/node';
import { writeDraft } from '../features/cancel-orders/model/draft';
import type { CancelOrderValues } from '../features/cancel-orders/model/form-values';
import { i18n } from '../lib/i18n';
import type { Session } from '../lib/session';
import { removePreference, userKey } from '../lib/storage';
import { renderApp } from './render-app';

const orders = '*/tmf-api/troubleTicket/v5/cancelProductOrder';

export const answers: CancelOrderValues = {
  productOrder: { id: 'PO-123' },
  cancellationReason: 'Doppelt erfasst',
  requestedCancellationDate: '2026-12-01T10:00:00+01:00',
};
export const sentBody = {
  '@type': 'CancelProductOrder',
  productOrder: { id: 'PO-123', '@referredType': 'ProductOrder' },
  cancellationReason: 'Doppelt erfasst',
  requestedCancellationDate: '2026-12-01T10:00:00+01:00',
};
export const submitName = 'Cancel product order PO-123';

/** An ErrorMessage answer with that status (and headers such as Retry-After). */
export const error = (status: number, extra: object = {}, headers: Record<string, string> = {}) => () =>
  HttpResponse.json({ '@type': 'Error', code: 'x', reason: 'Because', status: String(status), ...extra }, { status, headers });

/**
 * The mocked service for one test file, its clock the test's (so its rate limit follows fake time), with every POST
 * recorded in `posts` before the mocked service or an override answers it. Registers the file's hooks.
 */
export function setUpCancelService() {
  const { server, store } = createMockServer({ now: () => new Date() });
  const posts: { contentType: string | null; body: unknown }[] = [];
  const record = () =>
    http.post(orders, async ({ request }) => {
      posts.push({ contentType: request.headers.get('Content-Type'), body: await request.clone().json() });
      return undefined;
    });

  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  beforeEach(async () => {
    await i18n.changeLanguage('en');
    posts.length = 0;
    server.use(record());
  });
  afterEach(() => {
    server.resetHandlers();
    store.reset();
    removePreference(userKey('demo-agent', 'cancel-draft'));
    vi.useRealTimers();
  });
  afterAll(() => server.close());

  /** Answers POST with these responses in turn (the last one repeats); the recorder stays in front. */
  function answerPost(...responses: (() => Response | Promise<Response>)[]) {
    let i = 0;
    server.use(
      http.post(orders, async () => {
        const respond = responses[Math.min(i, responses.length - 1)]!;
        i += 1;
        return respond();
      }),
    );
    server.use(record());
  }

  return { server, store, posts, answerPost, orders };
}

/** Starts at the check page with these answers stored as the agent's draft (as after a sign-in round trip). */
export async function openCheckPage(values: CancelOrderValues = answers, session?: Session) {
  writeDraft('demo-agent', values);
  const view = renderApp('/cancel-orders/new?step=confirm', { session });
  await screen.findByRole('heading', { level: 1, name: 'Check the cancellation before sending it' });
  return view;
}
