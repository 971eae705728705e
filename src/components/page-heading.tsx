/** The screen's one h1: it names the page in the browser tab too, and can take focus after a route change. */
import { useLayoutEffect } from 'react';
import { useWords } from '../lib/i18n/react';

export function PageHeading({ children }: { children: string }) {
  const t = useWords();
  const app = t('app.name');

  // A layout effect: the tab title changes in the same commit as the heading, never a frame later.
  useLayoutEffect(() => {
    document.title = t('page.documentTitle', { page: children, app });
  }, [children, app, t]);

  // tabIndex -1: focusable by the layout's route-change focus, but not a Tab stop.
  return (
    <h1 className="page-heading" tabIndex={-1}>
      {children}
    </h1>
  );
}
