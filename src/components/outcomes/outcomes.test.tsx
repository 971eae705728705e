/**
 * ARCHITECTURE.md "Change what an outcome says", applied: every kind of the one outcome union
 * (src/domain/create-outcome.ts#outcomeKinds), for each resource, rendered by its one component in English and
 * German: each has its own words in both catalogues (no key shown, no English left in German), and its links on.
 */
import { cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { outcomeKinds, type CancellationOutcome as CancellationData, type OutcomeKind, type TicketOutcome as TicketData } from '../../domain/create-outcome';
import { changeLanguage, i18n } from '../../lib/i18n';
import { TranslatorProvider } from '../../lib/i18n/react';
import { CancellationOutcome } from './cancellation-outcome';
import { TicketOutcome } from './ticket-outcome';

afterEach(async () => {
  cleanup();
  await changeLanguage('en');
});

/** One sample per kind (a kind added to the union fails the typecheck here until it has one). */
const tickets: Record<OutcomeKind, TicketData> = {
  created: { kind: 'created', id: 'TT-7' },
  accepted: { kind: 'accepted' },
  invalid: { kind: 'invalid', invalidFields: [{ path: 'description', message: 'too short' }], message: 'Check the description' },
  unauthorized: { kind: 'unauthorized' },
  forbidden: { kind: 'forbidden' },
  conflict: { kind: 'conflict', existing: { id: 'TT-3', status: 'inProgress' } },
  unconfirmed: { kind: 'unconfirmed' },
  rateLimited: { kind: 'rateLimited', status: 429, retryAfterSeconds: 30 },
  unavailable: { kind: 'unavailable', mayExist: true },
  unsupported: { kind: 'unsupported', status: 404, reason: 'No such path' },
  unreadable: { kind: 'unreadable', status: 201 },
};

const cancellations: Record<OutcomeKind, CancellationData> = {
  created: { kind: 'created', id: 'CPO-7' },
  accepted: { kind: 'accepted' },
  invalid: { kind: 'invalid', invalidFields: [], reason: 'Bad Request' },
  unauthorized: { kind: 'unauthorized' },
  forbidden: { kind: 'forbidden' },
  conflict: { kind: 'conflict', existing: { id: 'CPO-3', state: 'inProgress' } },
  unconfirmed: { kind: 'unconfirmed' },
  rateLimited: { kind: 'rateLimited', status: 429 },
  unavailable: { kind: 'unavailable', mayExist: false, status: 503 },
  unsupported: { kind: 'unsupported', status: 406 },
  unreadable: { kind: 'unreadable', status: 201 },
};

function shown(ui: ReactNode): string {
  const { container, unmount } = render(
    <TranslatorProvider translator={i18n}>
      <MemoryRouter>{ui}</MemoryRouter>
    </TranslatorProvider>,
  );
  const text = container.textContent ?? '';
  unmount();
  return text;
}

const resources = [
  ['ticket', (kind: OutcomeKind) => shown(<TicketOutcome outcome={tickets[kind]} externalId="EXT-1" />)],
  ['cancellation', (kind: OutcomeKind) => shown(<CancellationOutcome outcome={cancellations[kind]} productOrderId="PO-1" />)],
] as const;

describe.each(resources)('every outcome of a %s has words in both languages', (_resource, show) => {
  it.each([...outcomeKinds])('%s', async (kind) => {
    const english = show(kind);
    expect(english).not.toMatch(/outcomes\.|apiError\.|\{\{/);
    expect(english.length).toBeGreaterThan(20);
    await changeLanguage('de');
    const german = show(kind);
    expect(german).not.toMatch(/outcomes\.|apiError\.|\{\{/);
    expect(german).not.toBe(english);
    // Each kind says something of its own: no two kinds share their words.
    await changeLanguage('en');
    for (const other of outcomeKinds) if (other !== kind) expect(show(other)).not.toBe(english);
  });
});

const renderTicket = (outcome: TicketData) =>
  render(
    <TranslatorProvider translator={i18n}>
      <MemoryRouter>
        <TicketOutcome outcome={outcome} externalId="EXT-1" titleAs="h3" />
      </MemoryRouter>
    </TranslatorProvider>,
  );

describe('TicketOutcome', () => {
  it('a 409: the ticket that holds the external id, linked with its status, and the list of tickets carrying it', () => {
    renderTicket(tickets.conflict);
    expect(screen.getByRole('heading', { level: 3, name: 'A ticket with this external ID already exists' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open ticket TT-3, status In progress' })).toHaveAttribute('href', '/tickets/TT-3');
    expect(screen.getByRole('link', { name: 'Look for EXT-1 in the ticket list' })).toHaveAttribute('href', '/tickets?externalId=EXT-1');
  });

  it('a 409 whose ticket came without a status: the ticket alone; not found: the list only', () => {
    renderTicket({ kind: 'conflict', existing: { id: 'TT-4' } });
    expect(screen.getByRole('link', { name: 'Open ticket TT-4' })).toHaveAttribute('href', '/tickets/TT-4');
    cleanup();
    renderTicket({ kind: 'conflict' });
    expect(screen.queryByRole('link', { name: /Open ticket/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Look for EXT-1 in the ticket list' })).toBeInTheDocument();
  });

  it('no answer, a 429 with its wait, a refusal with the service’s words', () => {
    renderTicket(tickets.unavailable);
    expect(screen.getByText('The service could not be reached. Check your connection and try again.')).toBeInTheDocument();
    cleanup();
    renderTicket(tickets.rateLimited);
    expect(screen.getByText('The service asks you to wait 30 seconds before sending the ticket again.')).toBeInTheDocument();
    cleanup();
    renderTicket(tickets.unsupported);
    expect(screen.getByText('The service said: No such path')).toBeInTheDocument();
  });

  it('in German', async () => {
    await changeLanguage('de');
    renderTicket(tickets.conflict);
    expect(screen.getByRole('heading', { name: 'Es gibt schon ein Ticket mit dieser externen ID' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ticket TT-3 öffnen, Status In Bearbeitung' })).toHaveAttribute('href', '/tickets/TT-3');
  });
});

describe('CancellationOutcome', () => {
  it('a 409: the cancellation under way, linked with its state; unknown, the order’s cancellations', () => {
    const { rerender } = render(
      <TranslatorProvider translator={i18n}>
        <MemoryRouter>
          <CancellationOutcome outcome={cancellations.conflict} productOrderId="PO-1" earlierAttemptLost />
        </MemoryRouter>
      </TranslatorProvider>,
    );
    expect(screen.getByRole('link', { name: 'See cancellation CPO-3 (In progress)' })).toHaveAttribute('href', '/cancel-orders/CPO-3');
    expect(screen.getByText(/An earlier attempt of yours may have reached the service/)).toBeInTheDocument();
    rerender(
      <TranslatorProvider translator={i18n}>
        <MemoryRouter>
          <CancellationOutcome outcome={{ kind: 'conflict' }} productOrderId="PO-1" />
        </MemoryRouter>
      </TranslatorProvider>,
    );
    expect(screen.getByRole('link', { name: 'See the cancellations of product order PO-1' })).toHaveAttribute('href', '/cancel-orders?productOrderId=PO-1');
    expect(screen.queryByText(/An earlier attempt of yours/)).toBeNull();
  });
});
