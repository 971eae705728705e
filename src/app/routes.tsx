/**
 * The route table: every screen is a lazily loaded chunk inside the layout, behind the sign-in gate (real mode);
 * errors and unknown paths have words. The sign-in callback sits outside the gate: it is how the gate is passed.
 */
import type { RouteObject } from 'react-router-dom';
import { Loading } from '../components/loading';
import { SessionGate } from '../features/auth/components/session-gate';
import { LayoutError, ScreenError } from './errors/route-error';
import { RootLayout } from './layout/root-layout';
import type { ScreenHandle } from './layout/screen-handle';

/** Shown inside the layout while a screen's chunk loads on the first visit (later navigations wait on the old page). */
function ScreenLoading() {
  return <Loading />;
}

const screen = (path: string | undefined, lazy: RouteObject['lazy'], handle: ScreenHandle = {}): RouteObject =>
  path === undefined ? { index: true, lazy, handle, HydrateFallback: ScreenLoading } : { path, lazy, handle, HydrateFallback: ScreenLoading };

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    errorElement: <LayoutError />,
    children: [
      {
        // A pathless boundary: a screen that throws shows its error inside the layout, navigation keeps working.
        errorElement: <ScreenError />,
        children: [
          screen('auth/callback', async () => ({
            Component: (await import('./routes/auth-callback-route')).AuthCallbackRoute,
          })),
        ],
      },
      {
        // The gate: in real mode no screen renders (nor reads per-agent storage) until an agent is signed in.
        Component: SessionGate,
        errorElement: <ScreenError />,
        children: [
          screen(undefined, async () => ({ Component: (await import('./routes/overview-route')).OverviewRoute })),
          screen('tickets', async () => ({ Component: (await import('./routes/tickets-route')).TicketsRoute })),
          screen('tickets/new', async () => ({ Component: (await import('./routes/new-ticket-route')).NewTicketRoute })),
          screen('tickets/bulk', async () => ({ Component: (await import('./routes/bulk-entry-route')).BulkEntryRoute }), { wide: true }),
          screen(
            'tickets/:id',
            async () => ({ Component: (await import('./routes/ticket-detail-route')).TicketDetailRoute }),
            { wide: true },
          ),
          screen('cancel-orders', async () => ({
            Component: (await import('./routes/cancel-orders-route')).CancelOrdersRoute,
          })),
          screen('cancel-orders/new', async () => ({
            Component: (await import('./routes/new-cancel-order-route')).NewCancelOrderRoute,
          })),
          screen('cancel-orders/:id', async () => ({
            Component: (await import('./routes/cancel-order-detail-route')).CancelOrderDetailRoute,
          })),
          screen('outbox/:id?', async () => (await import('./offline/offline-entry')).loadOutboxRoute()),
          screen('*', async () => ({ Component: (await import('./routes/not-found-route')).NotFoundRoute })),
        ],
      },
    ],
  },
];
