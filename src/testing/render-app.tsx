/** Test support: the real routes and providers in a memory router, with a quick-retrying query client. */
import { configure, render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter, type RouteObject } from 'react-router-dom';
import { beforeAll } from 'vitest';
import { createApiClient } from '../api/client';
import { demoTokenSource } from '../api/token-source';
import { createQueryClient } from '../api/query-client';
import type { Session } from '../lib/session';
import { AppProviders } from '../app/providers';
import { routes as appRoutes } from '../app/routes';

// Screens are lazy chunks: the first visit in a test file imports them, which on a busy 2-core runner can pass the
// default 1 s of findBy*. Waiting longer only slows a failing test, never a passing one.
configure({ asyncUtilTimeout: 5000 });

/** Every screen's chunk, as the router would load it on a first visit. */
async function loadScreens(routes: RouteObject[]): Promise<void> {
  await Promise.all(
    routes.map(async (route) => {
      if (typeof route.lazy === 'function') await route.lazy();
      if (route.children) await loadScreens(route.children);
    }),
  );
}

// A file that renders the app imports the screens once before its tests, in a hook with a minute of its own: under a
// full CPU load the first transform of a screen's module graph takes longer than a test's waits (docs/quality.md).
beforeAll(() => loadScreens(appRoutes), 60_000);

export function renderApp(
  path = '/',
  { routes = appRoutes, session }: { routes?: RouteObject[]; session?: Session } = {},
) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  // The real retry policy, without the real waiting: tests see retries happen, not seconds pass.
  const queryClient = createQueryClient({ retryDelay: 0 });
  const apiClient = createApiClient({ baseUrl: '/tmf-api/troubleTicket/v5', tokenSource: demoTokenSource });
  const view = render(
    <AppProviders apiClient={apiClient} queryClient={queryClient} session={session}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient };
}
