/**
 * The header's account area: who is signed in (or the demo identity, clearly marked), sign-out that asks before a
 * draft is discarded, and "Sign in again" once a session has ended and its dialog was closed.
 */
import { lazy, Suspense, useState } from 'react';
import { useWords } from '../../../lib/i18n/react';
import { useSession } from '../../../lib/session';
import { useAuthController, useAuthState } from './auth-context';
import type { DraftName } from '../../../lib/storage';
import { discardDrafts, draftsOf } from '../model/drafts';
import { currentPath } from '../model/return-to';
import '../auth-section';
import './auth.css';

// Asked only when a draft would be lost: not part of the first screen (decision 0039).
const SignOutDialog = lazy(async () => ({ default: (await import('./sign-out-dialog')).SignOutDialog }));

/** Demo mode (and tests with a fixed session): the identity in use, marked when it is the built-in demo one. */
export function SessionIdentity() {
  const t = useWords();
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
  const t = useWords();
  const controller = useAuthController();
  const state = useAuthState();
  const [progress, setProgress] = useState<SignOutProgress>('idle');
  const [drafts, setDrafts] = useState<DraftName[]>([]);

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
      {/* Stays mounted once asked (drafts is non-empty from then on): closing returns focus to the Sign out button. */}
      {drafts.length > 0 ? (
        <Suspense fallback={null}>
          <SignOutDialog open={progress === 'confirming'} drafts={drafts} onStay={() => setProgress('idle')} onDiscard={() => signOut(true)} />
        </Suspense>
      ) : null}
    </div>
  );
}
