/** The app: providers around the router, and a last error boundary around both. */
import { RouterProvider, createBrowserRouter } from 'react-router-dom';
import { AppErrorBoundary } from './errors/app-error-boundary';
import { AppProviders } from './providers';
import { routes } from './routes';
import './styles/tokens.css';
import './styles/global.css';
import './styles/components.css';

export type AppRouter = ReturnType<typeof createBrowserRouter>;

/**
 * The router, made by main.tsx in a task of its own: making it matches the first screen and starts loading its chunk,
 * a large part of evaluating the app's code, and both in one task held a slow phone's main thread (decision 0060).
 */
export const createAppRouter = (): AppRouter => createBrowserRouter(routes);

export function App({ router }: { router: AppRouter }) {
  return (
    <AppErrorBoundary>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </AppErrorBoundary>
  );
}
