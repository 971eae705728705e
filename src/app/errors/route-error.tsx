/**
 * Route error elements: a screen's crash shows inside the layout; a crash of the layout itself shows on its own. React
 * reports the caught error on the console (its onCaughtError), where whoever is asked to look finds its own words.
 */
import { useRouteError } from 'react-router-dom';
import { ErrorScreen } from './error-screen';

/** Inside the layout: header, navigation and language switch keep working. */
export function ScreenError() {
  return <ErrorScreen error={useRouteError()} />;
}

/** The layout failed, so there is no `<main>` yet: this one brings its own. */
export function LayoutError() {
  return (
    <main id="main" tabIndex={-1} className="width-container main">
      <ErrorScreen error={useRouteError()} />
    </main>
  );
}
