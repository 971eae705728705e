/**
 * The header's account area: who is signed in (or the demo identity, clearly marked), sign-out that asks before a
 * draft is discarded, and "Sign in again" once a session has ended and its dialog was closed.
 */
import { useId, useState } from 'react';
import { useTranslation } from '../../../lib/i18n/react';
import { useSession } from '../../../lib/session';
import { useAuthController, useAuthState } from '../auth-context';
import { draftNames, type DraftName } from '../../../lib/storage';
import { discardDrafts, draftsOf } from '../drafts';
import { currentPath } from '../return-to';
import '../i18n';
import { ModalDialog } from './modal-dialog';

/** Demo mode (and tests with a fixed session): the identity in use, marked when it is the built-in demo one. */
export function SessionIdentity() {
  const { t } = useTranslation();
  const session = useSession();
  return (
    <div className="account" role="group" aria-label={t('auth.account.label')}>
      <p className="account__who">
        <span className="account__label">{t('auth.account.signedInAs')}</span>{' '}
        <strong className="account__name">{session.displayName}</strong>
        {session.demo ? (
          <>
            {' '}
            <span className="account__demo">{t('auth.account.demoIdentity')}</span>
          </>
        ) : null}
      </p>
    </div>
  );
}

type SignOutProgress = 'idle' | 'confirming' | 'signingOut' | 'failed';

export function AccountMenu() {
  const { t } = useTranslation();
  const controller = useAuthController();
  const state = useAuthState();
  const [progress, setProgress] = useState<SignOutProgress>('idle');
  const [drafts, setDrafts] = useState<DraftName[]>([]);
  const titleId = useId();
  const descriptionId = useId();

  if (!controller || state.status !== 'signedIn') return null;
  const { user } = state;

  const signOut = (discard: boolean) => {
    if (discard) discardDrafts(user.userId);
    setProgress('signingOut');
    controller.signOut().catch(() => setProgress('failed'));
  };

  const askOrSignOut = () => {
    if (progress === 'signingOut') return;
    // Read at the moment of asking: the forms save their drafts as the agent types.
    const found = draftsOf(user.userId);
    setDrafts(found);
    if (found.length > 0) setProgress('confirming');
    else signOut(false);
  };

  const sessionEnded = state.phase === 'ended' && state.dismissed;

  return (
    <div className="account" role="group" aria-label={t('auth.account.label')}>
      <p className="account__who">
        <span className="account__label">{t('auth.account.signedInAs')}</span>{' '}
        <strong className="account__name">{user.displayName}</strong>
      </p>
      {sessionEnded ? (
        <>
          <span className="account__ended">{t('auth.account.sessionEnded')}</span>
          <button type="button" className="button button--secondary" onClick={() => void controller.signIn(currentPath()).catch(() => undefined)}>
            {t('auth.account.signInAgain')}
          </button>
        </>
      ) : null}
      <button
        type="button"
        className="button button--secondary"
        aria-disabled={progress === 'signingOut' || undefined}
        onClick={askOrSignOut}
      >
        {t('auth.account.signOut')}
      </button>
      <span className="account__status" role="status">
        {progress === 'signingOut' ? t('auth.account.signingOut') : ''}
      </span>
      {progress === 'failed' ? (
        <p className="account__error" role="alert">
          {t('auth.account.signOutFailed')}
        </p>
      ) : null}
      <ModalDialog
        open={progress === 'confirming'}
        titleId={titleId}
        descriptionId={descriptionId}
        onCancel={() => setProgress('idle')}
      >
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
          <button type="button" className="button" data-autofocus onClick={() => setProgress('idle')}>
            {t('auth.signOutDialog.cancel')}
          </button>
          <button type="button" className="button button--secondary" onClick={() => signOut(true)}>
            {t('auth.signOutDialog.confirm')}
          </button>
        </div>
      </ModalDialog>
    </div>
  );
}
