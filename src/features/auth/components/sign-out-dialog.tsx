/** Asks before sign-out discards unsent drafts and outbox tickets; loaded the first time it is needed (decision 0039). */
import { useId } from 'react';
import { useWords } from '../../../lib/i18n/react';
import { draftNames, type DraftName } from '../../../lib/storage';
import '../auth-screens-section';
import { ModalDialog } from './modal-dialog';

/** What the dialog names of a ticket waiting in the outbox. */
export type UnsentTicket = { id: string; externalId: string };

type Props = { open: boolean; drafts: readonly DraftName[]; unsent: readonly UnsentTicket[]; onStay(): void; onDiscard(): void };

export function SignOutDialog({ open, drafts, unsent, onStay, onDiscard }: Props) {
  const t = useWords();
  const titleId = useId();
  const descriptionId = useId();
  const queued = unsent.length > 0;
  return (
    <ModalDialog open={open} titleId={titleId} descriptionId={descriptionId} onCancel={onStay}>
      <h2 id={titleId} className="auth-dialog__title">
        {t(queued ? 'auth.signOutDialog.titleUnsent' : 'auth.signOutDialog.title')}
      </h2>
      <div id={descriptionId}>
        {drafts.includes(draftNames.ticket) ? <p>{t('auth.signOutDialog.ticketDraft')}</p> : null}
        {drafts.includes(draftNames.cancelOrder) ? <p>{t('auth.signOutDialog.cancelDraft')}</p> : null}
        {queued ? (
          <>
            <p>{t('auth.signOutDialog.outbox', { count: unsent.length })}</p>
            <ul>
              {unsent.map((ticket) => (
                <li key={ticket.id}>{t('auth.signOutDialog.outboxTicket', { externalId: ticket.externalId })}</li>
              ))}
            </ul>
          </>
        ) : null}
        <p>{t(queued ? 'auth.signOutDialog.bodyUnsent' : 'auth.signOutDialog.body')}</p>
      </div>
      <div className="auth-dialog__actions">
        {/* The safe choice first and focused: Enter on a reflex must not throw work away. */}
        <button type="button" className="button" data-autofocus onClick={onStay}>
          {t('auth.signOutDialog.cancel')}
        </button>
        <button type="button" className="button button--secondary" onClick={onDiscard}>
          {t(queued ? 'auth.signOutDialog.confirmUnsent' : 'auth.signOutDialog.confirm')}
        </button>
      </div>
    </ModalDialog>
  );
}
