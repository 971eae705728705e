/** Asks before sign-out discards unsent drafts; loaded the first time it is needed (decision 0039). */
import { useId } from 'react';
import { useWords } from '../../../lib/i18n/react';
import { draftNames, type DraftName } from '../../../lib/storage';
import '../auth-screens-section';
import { ModalDialog } from './modal-dialog';

type Props = { open: boolean; drafts: readonly DraftName[]; onStay(): void; onDiscard(): void };

export function SignOutDialog({ open, drafts, onStay, onDiscard }: Props) {
  const t = useWords();
  const titleId = useId();
  const descriptionId = useId();
  return (
    <ModalDialog open={open} titleId={titleId} descriptionId={descriptionId} onCancel={onStay}>
      <h2 id={titleId} className="auth-dialog__title">
        {t('auth.signOutDialog.title')}
      </h2>
      <div id={descriptionId}>
        {drafts.includes(draftNames.ticket) ? <p>{t('auth.signOutDialog.ticketDraft')}</p> : null}
        {drafts.includes(draftNames.cancelOrder) ? <p>{t('auth.signOutDialog.cancelDraft')}</p> : null}
        <p>{t('auth.signOutDialog.body')}</p>
      </div>
      <div className="auth-dialog__actions">
        {/* The safe choice first and focused: Enter on a reflex must not throw work away. */}
        <button type="button" className="button" data-autofocus onClick={onStay}>
          {t('auth.signOutDialog.cancel')}
        </button>
        <button type="button" className="button button--secondary" onClick={onDiscard}>
          {t('auth.signOutDialog.confirm')}
        </button>
      </div>
    </ModalDialog>
  );
}
