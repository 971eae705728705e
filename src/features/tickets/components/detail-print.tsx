/**
 * Printing a ticket: the print stylesheet, fetched when a detail page is first shown as a `<link media="print">` (it
 * never blocks a screen, decision 0042), the header only paper shows (ticket id, external id, the time printed), and
 * the Print button.
 */
import { useEffect, useId, useState } from 'react';
import { flushSync } from 'react-dom';
import { useWords } from '../../../lib/i18n/react';
import { formatDateTime } from '../../../lib/format';
import printStylesUrl from './ticket-print.css?url';

let printStyles: Promise<void> | undefined;

/** Adds the print stylesheet once per page load; the promise settles when it has loaded (or failed: print anyway). */
function loadPrintStyles(): Promise<void> {
  printStyles ??= new Promise<void>((resolve) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.media = 'print';
    link.href = printStylesUrl;
    link.dataset.printStyles = 'ticket';
    link.addEventListener('load', () => resolve());
    link.addEventListener('error', () => resolve());
    document.head.append(link);
  });
  return printStyles;
}

/** Fetches the print styles after the page is on screen, so Ctrl+P finds them in place. */
export function usePrintStyles(): void {
  useEffect(() => {
    void loadPrintStyles();
  }, []);
}

export function PrintButton() {
  const t = useWords();
  const hint = useId();
  return (
    <>
      <button
        type="button"
        className="button button--secondary detail-print-button"
        aria-describedby={hint}
        onClick={() => void loadPrintStyles().then(() => window.print())}
      >
        {t('ticketWork.print')}
      </button>
      <span id={hint} hidden>
        {t('ticketWork.printHint')}
      </span>
    </>
  );
}

/** The moment of printing: set when the page is shown and again just before the browser prints. */
function usePrintedAt(): string {
  const [at, setAt] = useState(() => new Date().toISOString());
  useEffect(() => {
    // flushSync: the browser lays the page out for paper right after this event; a later render would come too late.
    const before = () => flushSync(() => setAt(new Date().toISOString()));
    window.addEventListener('beforeprint', before);
    return () => window.removeEventListener('beforeprint', before);
  }, []);
  return at;
}

/** Only on paper (ticket-detail.css hides it on screen): which ticket, and when it was printed, in local time. */
export function PrintHeader({ id, externalId }: { id: string; externalId: string | undefined }) {
  const t = useWords();
  const at = usePrintedAt();
  return (
    <div className="detail-print-header">
      <p className="detail-print-header__id">{t('ticketWork.printTitle', { id })}</p>
      {externalId ? <p>{t('ticketWork.printExternalId', { id: externalId })}</p> : null}
      <p>{t('ticketWork.printedAt', { time: formatDateTime(at) })}</p>
    </div>
  );
}
