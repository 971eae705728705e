/** Route error elements: a screen's crash shows inside the layout; a crash of the layout itself shows on its own. */
import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { ErrorScreen, errorText } from './error-screen';

function useRouteErrorText(): string | undefined {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`.trim();
  return errorText(error);
}

/** Inside the layout: header, navigation and language switch keep working. */
export function ScreenError() {
  return <ErrorScreen message={useRouteErrorText()} />;
}

/** The layout failed, so there is no `<main>` yet: this one brings its own. */
export function LayoutError() {
  return (
    <main id="main" tabIndex={-1} className="width-container main">
      <ErrorScreen message={useRouteErrorText()} />
    </main>
  );
}
