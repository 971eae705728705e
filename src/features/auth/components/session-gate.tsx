/** Real mode's gate in front of every screen: progress while the stored sign-in is read, then the screen or "Sign in". */
import { useTranslation } from '../../../lib/i18n/react';
import { Outlet } from 'react-router-dom';
import { Loading } from '../../../components/loading';
import { useAuthController, useAuthState } from '../auth-context';
import '../i18n';
import { SignInScreen } from './sign-in-screen';

export function SessionGate() {
  const { t } = useTranslation();
  const controller = useAuthController();
  const state = useAuthState();
  // Demo mode (no controller) and a signed-in agent see the screens; a session that ended keeps them, under the dialog.
  if (!controller || state.status === 'signedIn') return <Outlet />;
  if (state.status === 'loading') return <Loading label={t('auth.checking')} />;
  return <SignInScreen />;
}
