/** Route module (own chunk) for /auth/callback, where the OpenID provider sends the agent back after signing in. */
import { SignInCallback } from '../../features/auth/components/sign-in-callback';

export function AuthCallbackRoute() {
  return <SignInCallback />;
}
