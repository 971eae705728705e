/**
 * Real mode's controller for the browser: oidc-client-ts is loaded on first use, so demo builds never fetch it, and a
 * signed-in agent's first screen reads the stored session without it (./stored-user, decision 0039).
 */
import type { OidcConfig } from '../../../lib/config';
import { activeLanguage } from '../../../lib/i18n';
import { createAuthController, type AuthController } from './auth-controller';
import { readStoredUser } from './stored-user';

export function createBrowserAuth(oidc: OidcConfig, warningSeconds: number): AuthController {
  return createAuthController({
    loadUserManager: async () => (await import('./user-manager')).createUserManager(oidc, window.location.origin),
    readStoredUser: () => readStoredUser(oidc),
    warningSeconds,
    // The provider's pages in the agent's language, where it has them.
    language: activeLanguage,
  });
}
