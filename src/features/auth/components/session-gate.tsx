/** Real mode's gate in front of every screen: progress while the stored sign-in is read, then the screen or "Sign in". */
import { lazy, Suspense } from 'react';
import { useWords } from '../../../lib/i18n/react';
import { Outlet } from 'react-router-dom';
import { Loading } from '../../../components/loading';
import { useAuthController, useAuthState } from './auth-context';
import '../auth-section';

/** Only a signed-out agent sees it: not part of a signed-in first screen (decision 0039). */
export const loadSignInScreen = () => import('./sign-in-screen');
const SignInScreen = lazy(async () => ({ default: (await loadSignInScreen()).SignInScreen }));

export function SessionGate() {
  const t = useWords();
  const controller = useAuthController();
  const state = useAuthState();
  // Demo mode (no controller) and a signed-in agent see the screens; a session that ended keeps them, under the dialog.
  if (!controller || state.status === 'signedIn') return <Outlet />;
  const checking = <Loading label={t('auth.checking')} />;
  if (state.status === 'loading') return checking;
  return (
    <Suspense fallback={checking}>
      <SignInScreen />
    </Suspense>
  );
}
