/**
 * A waiting ticket's status in the outbox: what the last send came to, as the create's outcome stored it. A conflict
 * links the ticket that holds the external id with its status; a refusal says how many answers to fix; a problem
 * says the last answer and the tries.
 */
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage, i18n } from '../../../lib/i18n';
import { TranslatorProvider } from '../../../lib/i18n/react';
import type { PendingTicket } from '../../../lib/outbox/types';
import { pendingTicket } from '../../../testing/pending-ticket';
import { EntryStatus } from './entry-status';

afterEach(async () => {
  await changeLanguage('en');
});

function show(changes: Partial<PendingTicket>) {
  return render(
    <TranslatorProvider translator={i18n}>
      <MemoryRouter>
        <EntryStatus ticket={pendingTicket({ attempts: 2, ...changes })} sending={false} />
      </MemoryRouter>
    </TranslatorProvider>,
  );
}

describe('EntryStatus', () => {
  it('a conflict: the ticket holding the external id, linked with its status, in English and German', async () => {
    const conflict = { state: 'attention', outcome: { kind: 'conflict', existing: { id: 'TT-3', status: 'inProgress' } } } as const;
    const { unmount } = show(conflict);
    expect(screen.getByText('Needs your decision')).toBeInTheDocument();
    expect(screen.getByText('A ticket with this external ID already exists')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open ticket TT-3, status In progress' })).toHaveAttribute('href', '/tickets/TT-3');
    unmount();
    await changeLanguage('de');
    show(conflict);
    expect(screen.getByRole('link', { name: 'Ticket TT-3 öffnen, Status In Bearbeitung' })).toHaveAttribute('href', '/tickets/TT-3');
  });

  it('a refusal: how many answers the service named', () => {
    show({ state: 'refused', outcome: { kind: 'invalid', invalidFields: [{ path: 'description', message: 'short' }] } });
    expect(screen.getByText('The service named 1 answer to fix; nothing was created.')).toBeInTheDocument();
  });

  it.each([
    [{ kind: 'unavailable', mayExist: true } as const, 'The last try got no answer from the service. 2 tries so far.'],
    [{ kind: 'unavailable', mayExist: false, status: 503 } as const, 'The last try was answered with HTTP 503. 2 tries so far.'],
    [{ kind: 'unconfirmed' } as const, 'The last try was answered with HTTP 409. 2 tries so far.'],
  ])('waiting after %o', (outcome, words) => {
    show({ state: 'waiting', outcome });
    expect(screen.getByText(words)).toBeInTheDocument();
  });
});
