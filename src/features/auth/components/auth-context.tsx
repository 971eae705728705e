/**
 * Real mode's session for React: starts the controller, supplies src/lib/session's Session with the signed-in agent,
 * and shows the session dialogs (expiry warning, session ended) above every screen.
 */
import { createContext, lazy, Suspense, useContext, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { SessionProvider, type Session } from '../../../lib/session';
import type { AuthController, AuthState } from '../model/auth-controller';
import '../auth-section';

/** Loaded when a session first needs the agent (warning or ended), not with the first screen (decision 0039). */
export const loadSessionDialog = () => import('./session-dialog');
const SessionDialog = lazy(async () => ({ default: (await loadSessionDialog()).SessionDialog }));

const AuthContext = createContext<AuthController | null>(null);

/** The controller of real mode; null in demo mode and in tests that pass a fixed session. */
export function useAuthController(): AuthController | null {
  return useContext(AuthContext);
}

// One object: useSyncExternalStore needs the same snapshot on every call while nothing changes.
const loading: AuthState = { status: 'loading' };
const notStarted = (): AuthState => loading;
const noop = () => () => undefined;

/** The controller's state, re-rendering on every change; `loading` when there is no controller. */
export function useAuthState(): AuthState {
  const controller = useAuthController();
  return useSyncExternalStore(controller?.subscribe ?? noop, controller?.getState ?? notStarted);
}

/**
 * Until someone is signed in, the session carries no agent: the sign-in gate keeps every screen (and so every
 * per-agent storage key) away until then.
 */
function signedOutSession(controller: AuthController): Session {
  return { userId: '', displayName: '', demo: false, canWrite: false, signIn: (returnTo) => controller.signIn(returnTo) };
}

export function AuthProvider({ controller, children }: { controller: AuthController; children: ReactNode }) {
  const state = useSyncExternalStore(controller.subscribe, controller.getState);
  useEffect(() => {
    void controller.start();
  }, [controller]);

  // Mounted from the first phase that needs the agent on, so that its closing returns focus where it was.
  const [dialogNeeded, setDialogNeeded] = useState(false);
  const needsAgent = state.status === 'signedIn' && state.phase !== 'active';
  if (needsAgent && !dialogNeeded) setDialogNeeded(true);

  const userId = state.status === 'signedIn' ? state.user.userId : '';
  const displayName = state.status === 'signedIn' ? state.user.displayName : '';
  // Direct mode does not say: every signed-in agent writes there.
  const canWrite = state.status === 'signedIn' ? state.user.canWrite !== false : false;
  // A renewal changes the token, not the agent: the session object (and its consumers) stay put.
  const session = useMemo<Session>(
    () =>
      userId
        ? { userId, displayName, demo: false, canWrite, signIn: (returnTo) => controller.signIn(returnTo) }
        : signedOutSession(controller),
    [controller, userId, displayName, canWrite],
  );

  return (
    <AuthContext.Provider value={controller}>
      <SessionProvider session={session}>{children}</SessionProvider>
      {dialogNeeded ? (
        <Suspense fallback={null}>
          <SessionDialog controller={controller} state={state} />
        </Suspense>
      ) : null}
    </AuthContext.Provider>
  );
}
