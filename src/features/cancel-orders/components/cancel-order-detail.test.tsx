/**
 * The cancellation page shows what the service sent that the desk has no place for (a newer field, a value it could
 * not read) under "Other details from the service", by the service's name and as it came, as the ticket page does.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer } from '../../../../mocks/node';
import { createApiClient } from '../../../api/client';
import { ApiProvider } from '../../../api/api-context';
import { createQueryClient } from '../../../api/query-client';
import { demoTokenSource } from '../../../api/token-source';
import { i18n } from '../../../lib/i18n';
import { TranslatorProvider } from '../../../lib/i18n/react';
import { CancelOrderDetail } from './cancel-order-detail';

const { server } = createMockServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(async () => {
  server.resetHandlers();
  await i18n.changeLanguage('en');
});
afterAll(() => server.close());

function showCancellation(answer: Record<string, unknown>) {
  server.use(http.get('*/tmf-api/troubleTicket/v5/cancelProductOrder/:id', () => HttpResponse.json(answer)));
  const api = createApiClient({ baseUrl: '/tmf-api/troubleTicket/v5', tokenSource: demoTokenSource });
  render(
    <TranslatorProvider translator={i18n}>
      <QueryClientProvider client={createQueryClient({ retryDelay: 0 })}>
        <ApiProvider client={api}>
          <MemoryRouter>
            <CancelOrderDetail id={String(answer.id)} />
          </MemoryRouter>
        </ApiProvider>
      </QueryClientProvider>
    </TranslatorProvider>,
  );
}

/** The rows of the section named `heading`: each term and its value. */
async function otherRows(heading: string): Promise<[string, string][]> {
  const section = await screen.findByRole('region', { name: heading });
  return within(section)
    .getAllByRole('term')
    .map((term) => [term.textContent ?? '', term.nextElementSibling?.textContent ?? '']);
}

describe('other details of a cancellation', () => {
  it.each([
    ['English', 'en', 'Other details from the service', 'The service sent these too. The app has no place for them, so they are shown as they came.'],
    ['German', 'de', 'Weitere Angaben des Dienstes', 'Auch das hat der Dienst gesendet. Die App hat dafür keinen eigenen Platz und zeigt es so, wie es ankam.'],
  ])('%s: a field the desk does not know and a value it cannot read are shown by name, as they came', async (_language, language, heading, intro) => {
    await i18n.changeLanguage(language);
    showCancellation({ id: 'CPO-X1', state: 'done', someNewField: { x: 1 }, creationDate: 42, providerNote: 'call first' });
    expect(await otherRows(heading)).toEqual([
      ['someNewField', '{"x":1}'],
      ['creationDate', '42'],
      ['providerNote', 'call first'],
    ]);
    expect(screen.getByRole('region', { name: heading })).toHaveTextContent(intro);
  });

  it('a cancellation with nothing extra has no such section', async () => {
    showCancellation({ id: 'CPO-X2', state: 'done', cancellationReason: 'Moved house' });
    expect(await screen.findByText('Moved house')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Other details from the service' })).not.toBeInTheDocument();
  });
});
