/** The app: providers around the router, and a last error boundary around both. */
import { RouterProvider, createBrowserRouter } from 'react-router-dom';
import { AppErrorBoundary } from './errors/app-error-boundary';
import { AppProviders } from './providers';
import { routes } from './routes';
import './styles/tokens.css';
import './styles/global.css';
import './styles/components.css';

const router = createBrowserRouter(routes);

export function App() {
  return (
    <AppErrorBoundary>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </AppErrorBoundary>
  );
}
