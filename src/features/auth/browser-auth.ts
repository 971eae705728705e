/** Real mode's controller for the browser: oidc-client-ts is loaded on first use, so demo builds never fetch it. */
import type { OidcConfig } from '../../lib/config';
import { activeLanguage } from '../../lib/i18n';
import { createAuthController, type AuthController } from './auth-controller';

export function createBrowserAuth(oidc: OidcConfig, warningSeconds: number): AuthController {
  return createAuthController({
    loadUserManager: async () => (await import('./user-manager')).createUserManager(oidc, window.location.origin),
    warningSeconds,
    // The provider's pages in the agent's language, where it has them.
    language: activeLanguage,
  });
}
