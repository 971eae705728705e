/**
 * The header's account area: who is signed in (or the demo identity, clearly marked), sign-out that asks before drafts
 * and unsent outbox tickets are discarded (and deletes the offline stores with their key, decision 0054), the idle
 * sign-out of shared desks, and "Sign in again" once a session has ended and its dialog was closed.
 */
import { lazy, Suspense, useRef, useState } from 'react';
import { config } from '../../../lib/config';
import { useWords } from '../../../lib/i18n/react';
import { demoSession, useSession } from '../../../lib/session';
import { useAuthController, useAuthState } from './auth-context';
import type { UnsentWork } from '../model/unsent';
import { currentPath } from '../model/return-to';
import '../auth-section';
import './auth.css';

// Asked only when a draft would be lost: not part of the first screen (decision 0039).
const SignOutDialog = lazy(async () => ({ default: (await import('./sign-out-dialog')).SignOutDialog }));
// Shared desks only (VITE_IDLE_SIGN_OUT_MINUTES): loaded after the first screen, never without the setting.
const loadSignOut = () => import('./sign-out-flow');
const IdleSignOut = lazy(async () => ({ default: (await loadSignOut()).IdleSignOut }));

/** Demo mode (and tests with a fixed session): the identity in use, marked when it is the built-in demo one. */
export function SessionIdentity() {
  const t = useWords();
  const session = useSession();
  return (
    <div className="account" role="group" aria-label={t('auth.account.label')}>
      <p className="account__who">
        <span className="account__label">{t('auth.account.signedInAs')}</span>{' '}
        {/* The built-in demo identity is named in the screen's language; any other as its provider names it. */}
        <strong className="account__name">{session.userId === demoSession.userId ? t('auth.account.demoAgent') : session.displayName}</strong>
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
  const [work, setWork] = useState<UnsentWork | null>(null);
  const asking = useRef(false);

  if (!controller || state.status !== 'signedIn') return null;
  const { user } = state;

  // The menu's and the idle sign-out: the offline stores and their key are deleted as it starts (decision 0054). The
  // code that does it (and asks what is unsent) loads only when it is needed.
  const signOut = () => {
    setProgress('signingOut');
    loadSignOut()
      .then((flow) => flow.signOutForgetting(controller, user.userId))
      .catch(() => setProgress('failed'));
  };

  const askOrSignOut = () => {
    if (progress === 'signingOut' || asking.current) return;
    asking.current = true;
    // Read at the moment of asking: the forms save their drafts as the agent types, the outbox sends meanwhile.
    void loadSignOut().then((flow) => flow.unsentWork(user.userId)).then((found) => {
      asking.current = false;
      if (found.drafts.length === 0 && found.unsent.length === 0) return signOut();
      setWork(found);
      setProgress('confirming');
    });
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
      {/* Stays mounted once asked: closing returns focus to the Sign out button. */}
      {work ? (
        <Suspense fallback={null}>
          <SignOutDialog
            open={progress === 'confirming'}
            drafts={work.drafts}
            unsent={work.unsent}
            onStay={() => setProgress('idle')}
            onDiscard={signOut}
          />
        </Suspense>
      ) : null}
      {config.idleSignOutMinutes !== null && progress !== 'signingOut' ? (
        <Suspense fallback={null}>
          <IdleSignOut minutes={config.idleSignOutMinutes} userId={user.userId} onSignOut={signOut} />
        </Suspense>
      ) : null}
    </div>
  );
}
