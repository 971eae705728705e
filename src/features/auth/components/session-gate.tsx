/** Real mode's gate in front of every screen: progress while the stored sign-in is read, then the screen or "Sign in". */
import { lazy, Suspense, use } from 'react';
import { useWords } from '../../../lib/i18n/react';
import { Outlet } from 'react-router-dom';
import { Loading } from '../../../components/loading';
import { useSession } from '../../../lib/session';
import { hasStoredDrafts } from '../../../lib/storage';
import { useAuthController, useAuthState } from './auth-context';
import '../auth-section';

/** Only a signed-out agent sees it: not part of a signed-in first screen (decision 0039). */
export const loadSignInScreen = () => import('./sign-in-screen');
const SignInScreen = lazy(async () => ({ default: (await loadSignInScreen()).SignInScreen }));

/**
 * Per agent, decided once per page: whether their sealed drafts must be opened before a screen reads one (decision
 * 0054), and the opening. Only an agent with drafts stored waits (and loads the sealing code); deciding once keeps a
 * draft born later from suspending the screen it was typed in.
 */
const opening = new Map<string, Promise<unknown> | null>();

function Screens({ userId }: { userId: string }) {
  if (!opening.has(userId)) {
    // A store that cannot be opened (IndexedDB blocked) leaves its drafts unread, never the agent without screens.
    opening.set(userId, hasStoredDrafts(userId) ? import('../../../lib/sealed-storage').then((sealed) => sealed.openSealed(userId)).catch(() => undefined) : null);
  }
  const pending = opening.get(userId);
  if (pending) use(pending);
  return <Outlet />;
}

export function SessionGate() {
  const t = useWords();
  const controller = useAuthController();
  const state = useAuthState();
  const { userId } = useSession();
  // Demo mode (no controller) and a signed-in agent see the screens; a session that ended keeps them, under the dialog.
  if (!controller || state.status === 'signedIn') {
    return (
      <Suspense fallback={<Loading />}>
        <Screens userId={userId} />
      </Suspense>
    );
  }
  const checking = <Loading label={t('auth.checking')} />;
  if (state.status === 'loading') return checking;
  return (
    <Suspense fallback={checking}>
      <SignInScreen />
    </Suspense>
  );
}
