/**
 * The header's account area: who is signed in (or the demo identity, clearly marked), sign-out that asks before drafts
 * and unsent outbox tickets are discarded (and deletes the offline stores with their key, decision 0054), the idle
 * sign-out of shared desks, and "Sign in again" once a session has ended and its dialog was closed.
 */
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { config } from '../../../lib/config';
import { forgetOfflineData } from '../../../lib/crypto-store-forget';
import { useWords } from '../../../lib/i18n/react';
import { signOutEvent, useSession } from '../../../lib/session';
import { useAuthController, useAuthState } from './auth-context';
import type { DraftName } from '../../../lib/storage';
import type { UnsentTicket } from './sign-out-dialog';
import { currentPath } from '../model/return-to';
import { unsentWork } from '../model/unsent';
import '../auth-section';
import './auth.css';

// Asked only when a draft would be lost: not part of the first screen (decision 0039).
const SignOutDialog = lazy(async () => ({ default: (await import('./sign-out-dialog')).SignOutDialog }));
// Shared desks only (VITE_IDLE_SIGN_OUT_MINUTES): loaded after the first screen, never without the setting.
const IdleSignOut = lazy(async () => ({ default: (await import('./idle-sign-out')).IdleSignOut }));

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
  const [work, setWork] = useState<{ drafts: DraftName[]; unsent: UnsentTicket[] } | null>(null);
  const asking = useRef(false);
  const userId = state.status === 'signedIn' ? state.user.userId : '';

  // Every sign-out (this menu's, the idle one, any other) deletes the agent's offline stores and their key first.
  useEffect(() => {
    if (!userId) return undefined;
    const onSignOut = (event: Event) => (event as CustomEvent<Promise<unknown>[]>).detail.push(forgetOfflineData(userId));
    window.addEventListener(signOutEvent, onSignOut);
    return () => window.removeEventListener(signOutEvent, onSignOut);
  }, [userId]);

  if (!controller || state.status !== 'signedIn') return null;
  const { user } = state;

  const signOut = () => {
    setProgress('signingOut');
    controller.signOut().catch(() => setProgress('failed'));
  };

  const askOrSignOut = () => {
    if (progress === 'signingOut' || asking.current) return;
    asking.current = true;
    // Read at the moment of asking: the forms save their drafts as the agent types, the outbox sends meanwhile.
    void unsentWork(user.userId).then((found) => {
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
