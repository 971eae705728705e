/** Everything a screen needs from above: i18n, the query cache and the API client (swappable for tests). */
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { ApiClient } from '../api/client';
import { createApiClient } from '../api/client';
import { demoTokenSource } from '../api/token-source';
import { ApiProvider } from '../lib/api-context';
import { config } from '../lib/config';
import { i18n } from '../lib/i18n';
import { demoSession, SessionProvider, type Session } from '../lib/session';
import { createQueryClient } from '../lib/query-client';

type Props = { children: ReactNode; apiClient?: ApiClient; queryClient?: QueryClient; session?: Session };

/** The sign-in issue replaces demoTokenSource with the signed-in user's token source here. */
function createDefaultApiClient(): ApiClient {
  return createApiClient({ baseUrl: config.apiBaseUrl, tokenSource: demoTokenSource });
}

export function AppProviders({ children, apiClient, queryClient, session }: Props) {
  const [client] = useState(() => apiClient ?? createDefaultApiClient());
  const [queries] = useState(() => queryClient ?? createQueryClient());
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queries}>
        <ApiProvider client={client}>
          <SessionProvider session={session ?? demoSession}>{children}</SessionProvider>
        </ApiProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
