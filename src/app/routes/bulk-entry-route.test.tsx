/**
 * /tickets/bulk against the mocked service, in both languages (issue 41): the shared answers copied from a seeded
 * fault, a file's lines checked with each error on its cell in the wizard's words, a fix in place, the summary told
 * politely; more than 50 tickets only after a confirmation (50 without); a viewer gets the read-only notice.
 */
import 'fake-indexeddb/auto';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createMockServer } from '../../../mocks/node';
import { seedTickets } from '../../../mocks/seed';
import { bulkLimits } from '../../lib/bulk-limits';
import { forgetSettings } from '../../lib/agent-settings';
import { i18n } from '../../lib/i18n';
import { demoSession, type Session } from '../../lib/session';
import { faultValues } from '../../testing/entry-values';
import { renderApp } from '../../testing/render-app';
import { localTemplates } from '../../lib/templates/local-templates';
import { wizardTemplateAnswers } from '../../features/ticket-entry/model/template-answers';

const { server, store } = createMockServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  store.reset();
});
afterAll(() => server.close());
beforeEach(() => forgetSettings());

const faultId = seedTickets(20).find((ticket) => ticket.ticketType === 'fault' && (ticket.relatedParty?.length ?? 0) >= 2)!.id;
const csv = (lines: string[]) => new File([`accessLineId;affectedProductId\n${lines.join('\n')}\n`], 'lines.csv', { type: 'text/csv' });
const good = (n: number) => `DEU.DTAG.ABC${String(n).padStart(7, '0')};PRD-${n}`;

const languages = [
  {
    language: 'en',
    title: 'Many tickets at once',
    copied: `Copied from ticket ${faultId}.`,
    file: 'File with the lines',
    ready: (n: number) => (n === 1 ? '1 row ready' : `${n} rows ready`),
    attention: '1 needs attention',
    cell: 'Row 2, Access line ID',
    error: 'Access line ID: at least 7 characters',
  },
  {
    language: 'de',
    title: 'Viele Tickets auf einmal',
    copied: `Aus Ticket ${faultId} übernommen.`,
    file: 'Datei mit den Zeilen',
    ready: (n: number) => (n === 1 ? '1 Zeile bereit' : `${n} Zeilen bereit`),
    attention: '1 braucht Ihre Aufmerksamkeit',
    cell: 'Zeile 2, Anschlusskennung (Line-ID)',
    error: 'Anschlusskennung (Line-ID): mindestens 7 Zeichen',
  },
] as const;

describe.each(languages)('in $language', (words) => {
  beforeEach(async () => {
    await i18n.changeLanguage(words.language);
  });

  it('checks the lines against the shared answers, puts each error on its cell, and takes a fix in place', async () => {
    const user = userEvent.setup();
    renderApp(`/tickets/bulk?from=${faultId}`);
    expect(await screen.findByRole('heading', { level: 1, name: words.title })).toBeInTheDocument();
    expect(await screen.findByText(words.copied)).toBeInTheDocument();

    await user.upload(screen.getByLabelText(words.file), csv([good(1), 'X;PRD-2']));
    const summary = (await screen.findByText(words.ready(1))).closest('[aria-live]');
    expect(summary).toHaveAttribute('aria-live', 'polite');
    expect(within(summary as HTMLElement).getByText(words.attention)).toBeInTheDocument();
    const grid = screen.getByRole('table');
    const cell = within(grid).getByRole('textbox', { name: words.cell });
    expect(cell).toHaveAccessibleDescription(expect.stringContaining(words.error));
    expect(cell).toHaveAttribute('aria-invalid', 'true');

    await user.clear(cell);
    await user.type(cell, 'DEU.DTAG.ABC7654321');
    await user.tab();
    expect(await screen.findByText(words.ready(2))).toBeInTheDocument();
    expect(within(grid).queryByRole('textbox')).not.toBeInTheDocument();
  });
});

describe('the limits that protect the provider', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });

  it.each([
    [bulkLimits.confirmAbove, false],
    [bulkLimits.confirmAbove + 1, true],
  ])('%i tickets: asked to confirm first, %s', async (count, asked) => {
    const user = userEvent.setup();
    renderApp(`/tickets/bulk?from=${faultId}`);
    await screen.findByText(`Copied from ticket ${faultId}.`);
    await user.upload(screen.getByLabelText('File with the lines'), csv(Array.from({ length: count }, (_, i) => good(i + 1))));
    const send = await screen.findByRole('button', { name: `Send ${count} tickets` });
    await user.click(send);
    if (asked) {
      // Nothing is queued until the agent says yes; "Not now" leaves the lines as they were.
      expect(screen.getByRole('alertdialog')).toHaveTextContent(`Send ${count} tickets to the service now?`);
      expect(screen.getByRole('button', { name: `Yes, send ${count} tickets` })).toBeEnabled();
      await user.click(screen.getByRole('button', { name: 'Not now' }));
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: `Send ${count} tickets` })).toBeEnabled();
    } else {
      // Sent at once: the button waits for the outbox to hold them, and no question is asked.
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
      expect(send).toBeDisabled();
    }
  });

  it(`refuses a file of more than ${bulkLimits.maxRows} lines before checking it`, async () => {
    const user = userEvent.setup();
    renderApp('/tickets/bulk');
    await user.upload(await screen.findByLabelText('File with the lines'), csv(Array.from({ length: bulkLimits.maxRows + 1 }, (_, i) => good(i + 1))));
    expect(await screen.findByRole('alert')).toHaveTextContent(`The file has ${bulkLimits.maxRows + 1} lines; at most ${bulkLimits.maxRows} are sent at once.`);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});

it('a viewer is told the role reads and does not write', async () => {
  const viewer: Session = { ...demoSession, userId: 'viewer-1', demo: false, canWrite: false };
  renderApp('/tickets/bulk', { session: viewer });
  expect(await screen.findByText(/does not write|read/i)).toBeInTheDocument();
  expect(screen.queryByLabelText('File with the lines')).not.toBeInTheDocument();
});

it('takes the shared answers from a template of this browser, and checks the lines against them', async () => {
  await i18n.changeLanguage('en');
  const values = faultValues();
  await localTemplates(demoSession.userId, { subject: demoSession.userId, name: demoSession.displayName }).save({
    name: 'Fibre outage',
    formVersion: 1,
    answers: wizardTemplateAnswers(values, true),
  });
  const user = userEvent.setup();
  renderApp('/tickets/bulk');
  await user.click(await screen.findByRole('button', { name: /^Use.*Fibre outage/ }));
  expect(await screen.findByText('Taken from the template “Fibre outage”.')).toBeInTheDocument();
  await user.upload(screen.getByLabelText('File with the lines'), csv([good(1), good(2)]));
  expect(await screen.findByText('2 rows ready')).toBeInTheDocument();
});
