/** Route error elements: a screen's crash shows inside the layout; a crash of the layout itself shows on its own. */
import { useEffect } from 'react';
import { useRouteError } from 'react-router-dom';
import { ErrorScreen } from './error-screen';

/** The error in the console for whoever is asked to look (the page says it in words only). */
function useLoggedRouteError(): unknown {
  const error = useRouteError();
  useEffect(() => console.error('Route error', error), [error]);
  return error;
}

/** Inside the layout: header, navigation and language switch keep working. */
export function ScreenError() {
  return <ErrorScreen error={useLoggedRouteError()} />;
}

/** The layout failed, so there is no `<main>` yet: this one brings its own. */
export function LayoutError() {
  return (
    <main id="main" tabIndex={-1} className="width-container main">
      <ErrorScreen error={useLoggedRouteError()} />
    </main>
  );
}
