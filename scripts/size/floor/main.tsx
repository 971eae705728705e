/**
 * The library floor (docs/decisions/0026): the smallest app that uses the same router, query and OIDC libraries the
 * way the real first screen does. Its JavaScript is what any app on these libraries must ship; the real first screen
 * is measured against it. Built only by scripts/size/measure.mjs, never shipped.
 */
import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { UserManager } from 'oidc-client-ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider, createBrowserRouter } from 'react-router-dom';

const userManager = new UserManager({
  authority: 'http://127.0.0.1:9/oidc',
  client_id: 'floor',
  redirect_uri: `${window.location.origin}/auth/callback`,
  response_type: 'code',
  scope: 'openid',
});

function Overview() {
  // One query that, like the overview, needs the signed-in user's token before it asks the service.
  const count = useQuery({
    queryKey: ['count'],
    queryFn: async () => {
      const user = await userManager.getUser();
      if (!user) {
        await userManager.signinRedirect();
        return null;
      }
      const answer = await fetch('/tmf-api/troubleTicket/v5/troubleTicket?limit=1', {
        headers: { Authorization: `Bearer ${user.access_token}` },
      });
      return answer.headers.get('X-Total-Count');
    },
  });
  return <h1>{count.data ?? '…'}</h1>;
}

const router = createBrowserRouter([{ path: '/', Component: Overview }]);
const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={new QueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
}
