/**
 * Copy buttons for the ticket id and the external identifier, and the one live region that says "Copied …" (or how to
 * copy by hand when the browser refuses), so a screen reader hears the result and everyone sees it.
 */
import { useCallback, useState } from 'react';
import { useWords } from '../../../lib/i18n/react';

export type Copy = (value: string) => void;

/** The copy action and what the live region says; a repeat copy of the same value is said again. */
export function useCopy(): { said: string; copy: Copy } {
  const t = useWords();
  const [said, setSaid] = useState('');
  const copy = useCallback<Copy>(
    (value) => {
      setSaid('');
      // The Clipboard API needs a secure context and the page's focus; when it is missing or refuses, say so.
      const done = navigator.clipboard?.writeText(value) ?? Promise.reject(new Error('no clipboard'));
      done.then(
        () => setSaid(t('ticketWork.copied', { value })),
        () => setSaid(t('ticketWork.copyFailed', { value })),
      );
    },
    [t],
  );
  return { said, copy };
}

export function CopyButton({ value, label, copy }: { value: string; label: string; copy: Copy }) {
  const t = useWords();
  return (
    <button type="button" className="detail-copy" aria-label={label} onClick={() => copy(value)}>
      {t('ticketWork.copy')}
    </button>
  );
}

export function CopyStatus({ said }: { said: string }) {
  return (
    <p role="status" className="detail-summary__said">
      {said}
    </p>
  );
}
