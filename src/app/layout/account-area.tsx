/** The header's account area: the signed-in agent with sign-out (real mode), or the marked demo identity. */
import { AccountMenu, SessionIdentity } from '../../features/auth/components/account';
import { useAuthController } from '../../features/auth/components/auth-context';

export function AccountArea() {
  return useAuthController() ? <AccountMenu /> : <SessionIdentity />;
}
