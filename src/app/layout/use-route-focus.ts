/** After a client-side navigation, focus the new page's h1 (else main), as a full page load would reset focus. */
import { useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router-dom';

export function useRouteFocus(): void {
  const { pathname } = useLocation();
  // Only a change of page moves focus: not the first load (Tab must still start at the skip link), and not a change
  // of the query string (filters and paging stay where the person is working).
  const previous = useRef(pathname);
  // A layout effect runs after the new screen's DOM is in place and before paint, so focus never lags a frame.
  useLayoutEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    const main = document.getElementById('main');
    const target = main?.querySelector<HTMLElement>('h1') ?? main;
    target?.focus();
  }, [pathname]);
}
