/**
 * Everything a screen needs from above: the query cache, the API client and the session (words need no provider:
 * useWords reads the app's translator). Real mode signs the agent in: directly (the API client gets the agent's token and
 * the 401 hook) or through the desk gateway (no token, the session cookie; issue 27); demo mode and tests use a fixed
 * identity.
 */
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { ApiClient } from '../api/client';
import { createApiClient } from '../api/client';
import { demoTokenSource } from '../api/token-source';
import type { AuthController } from '../features/auth/model/auth-controller';
import { AuthProvider } from '../features/auth/components/auth-context';
import { createBrowserAuth } from '../features/auth/model/browser-auth';
import { createGatewayAuth } from '../features/auth/model/gateway-auth';
import { ApiProvider } from '../api/api-context';
import { config } from '../lib/config';
import { demoSession, SessionProvider, type Session } from '../lib/session';
import { createQueryClient } from '../api/query-client';

type Props = {
  children: ReactNode;
  apiClient?: ApiClient;
  queryClient?: QueryClient;
  /** A fixed identity (tests): no sign-in. */
  session?: Session;
  /** Real mode with this controller (tests pass one over a fake UserManager). */
  auth?: AuthController;
};

/** Real mode is chosen by configuration: not demo, and the sign-in settings passed the start-up check. */
function defaultAuth(): AuthController | null {
  if (config.demo) return null;
  // The literal expression beside config's value: Vite replaces it at build time, so a gateway build drops direct
  // mode's controller from its first screen and a direct build the gateway's (as src/main.tsx does with VITE_DEMO).
  if (import.meta.env.VITE_AUTH_MODE === 'gateway') {
    return config.authMode === 'gateway' ? createGatewayAuth({ warningSeconds: config.sessionWarningSeconds }) : null;
  }
  return config.oidc ? createBrowserAuth(config.oidc, config.sessionWarningSeconds) : null;
}

export function AppProviders({ children, apiClient, queryClient, session, auth }: Props) {
  const [controller] = useState(() => auth ?? (session || apiClient ? null : defaultAuth()));
  const [client] = useState(
    () =>
      apiClient ??
      createApiClient(
        controller
          ? { baseUrl: config.apiBaseUrl, tokenSource: controller.tokenSource, onUnauthorized: controller.onUnauthorized }
          : { baseUrl: config.apiBaseUrl, tokenSource: demoTokenSource },
      ),
  );
  const [queries] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={queries}>
      <ApiProvider client={client}>
        {controller ? (
          <AuthProvider controller={controller}>{children}</AuthProvider>
        ) : (
          <SessionProvider session={session ?? demoSession}>{children}</SessionProvider>
        )}
      </ApiProvider>
    </QueryClientProvider>
  );
}
