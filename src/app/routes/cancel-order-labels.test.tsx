/**
 * One label per cancellation field: the form, the check page, the detail page, the list's headers, its column chooser
 * and its filters name each field of the field table in the same words, in English and in German.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer } from '../../../mocks/node';
import { cancelOrderFields, type CancelOrderField, type CancelOrderFieldKey } from '../../domain/cancel-order-fields';
import { removeDraft } from '../../features/cancel-orders/model/draft';
import { i18n } from '../../lib/i18n';
import { renderApp } from '../../testing/render-app';

const { server, store } = createMockServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  store.reset();
  removeDraft('demo-agent');
});
afterAll(() => server.close());

/** The words an agent reads for each field; every field of the table must be here (the type says so). */
const words: Record<CancelOrderFieldKey, { en: string; de: string }> = {
  id: { en: 'Cancellation', de: 'Stornierung' },
  productOrder: { en: 'Product order ID', de: 'Produktauftrags-ID' },
  state: { en: 'State', de: 'Zustand' },
  cancellationReason: { en: 'Cancellation reason', de: 'Stornierungsgrund' },
  requestedCancellationDate: { en: 'Requested cancellation date', de: 'Gewünschtes Stornierungsdatum' },
  effectiveCancellationDate: { en: 'Effective cancellation date', de: 'Wirksames Stornierungsdatum' },
  creationDate: { en: 'Requested on', de: 'Beantragt am' },
};

const fields = Object.entries(cancelOrderFields) as [CancelOrderFieldKey, CancelOrderField][];
const where = (test: (field: CancelOrderField) => unknown) => fields.filter(([, field]) => test(field)).map(([key]) => key);
const startingWith = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
const terms = () => screen.getAllByRole('term').map((term) => term.textContent);

describe.each(['en', 'de'] as const)('cancellation labels in %s', (language) => {
  const label = (key: CancelOrderFieldKey) => words[key][language];

  it('the form and the check page name each input as the field table does', async () => {
    await i18n.changeLanguage(language);
    const user = userEvent.setup();
    renderApp('/cancel-orders/new');
    const inputs = where((field) => field.input);
    expect(inputs).toEqual(['productOrder', 'cancellationReason', 'requestedCancellationDate']);
    for (const key of inputs) expect(await screen.findByLabelText(startingWith(label(key)))).toBeInTheDocument();

    await user.type(screen.getByLabelText(startingWith(label('productOrder'))), 'PO-1');
    await user.click(screen.getByRole('button', { name: language === 'en' ? 'Continue' : 'Weiter' }));
    await screen.findByRole('heading', { level: 1, name: language === 'en' ? 'Check the cancellation before sending it' : 'Stornierung vor dem Senden prüfen' });
    expect(terms()).toEqual(inputs.map(label));
  });

  it('the detail page names each detail row as the field table does, in its order', async () => {
    await i18n.changeLanguage(language);
    renderApp('/cancel-orders/CPO-000003');
    await screen.findAllByRole('term');
    const rows = where((field) => field.detail);
    expect(rows).toHaveLength(6);
    expect(terms()).toEqual(rows.map(label));
  });

  it('the list names each column, each column to choose and each filter as the field table does', async () => {
    await i18n.changeLanguage(language);
    const columns = where((field) => field.column);
    renderApp(`/cancel-orders?columns=${columns.join(',')}`);
    const table = await screen.findByRole('table');
    await within(table).findAllByRole('rowheader');
    expect(within(table).getAllByRole('columnheader').map((header) => header.textContent)).toEqual(
      columns.map((key) => expect.stringMatching(startingWith(label(key))) as unknown),
    );

    await userEvent.setup().click(screen.getByText(language === 'en' ? 'Columns' : 'Spalten'));
    const chooser = screen.getByRole('group', { name: language === 'en' ? 'Columns to show' : 'Angezeigte Spalten' });
    const optional = columns.filter((key) => !('required' in cancelOrderFields[key].column));
    expect(within(chooser).getAllByRole<HTMLInputElement>('checkbox').map((box) => box.labels?.[0]?.textContent)).toEqual(optional.map(label));

    const filters = screen.getByRole('form', { name: language === 'en' ? 'Filter the cancellations' : 'Stornierungen filtern' });
    expect(within(filters).getByRole('group', { name: label('state') })).toBeInTheDocument();
    expect(within(filters).getByRole('textbox', { name: startingWith(label('productOrder')) })).toBeInTheDocument();
    expect(where((field) => field.filter)).toEqual(['productOrder', 'state']);
  });
});
