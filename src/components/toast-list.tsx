/**
 * The visual list of toasts (src/lib/toasts), shown in the header's live region (src/app/layout/toast-region.tsx): each
 * notice with a Dismiss button, gone by itself after a while, but never while the pointer is over it or focus is in it
 * (the agent is reading or about to act).
 */
import { useEffect, useState, useSyncExternalStore, type FocusEvent } from 'react';
import { useWords } from '../lib/i18n/react';
import { toastDe } from '../lib/i18n/sections/toast.de';
import { toastEn } from '../lib/i18n/sections/toast.en';
import { addSection } from '../lib/i18n/sections';
import { dismissToast, getToasts, subscribeToasts, type Toast } from '../lib/toasts';
import './toast-list.css';

addSection('toast', toastEn, toastDe);

/** Long enough to read two or three lines twice; hovering or focusing stops the clock. */
export const TOAST_AUTO_DISMISS_MS = 8_000;

/** Where focus goes when the focused toast disappears: the next notice, else the previous one, else the page. */
function focusAfterRemoving(id: string): void {
  const buttons = [...document.querySelectorAll<HTMLButtonElement>('[data-toast-dismiss]')];
  const index = buttons.findIndex((button) => button.dataset.toastDismiss === id);
  const next = buttons[index + 1] ?? buttons[index - 1];
  if (next) next.focus();
  else document.getElementById('main')?.focus();
}

function ToastItem({ toast, autoDismissMs }: { toast: Toast; autoDismissMs: number }) {
  const t = useWords();
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const { title, lines = [] } = toast.words(t);

  useEffect(() => {
    if (hovered || focused) return undefined;
    // Leaving the toast starts the full time again: the agent just looked away from it.
    const timer = window.setTimeout(() => dismissToast(toast.id), autoDismissMs);
    return () => window.clearTimeout(timer);
  }, [hovered, focused, toast.id, autoDismissMs]);

  const onBlur = (event: FocusEvent<HTMLLIElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
  };

  return (
    <li
      className={`toast toast--${toast.tone}`}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
    >
      <p className="toast__title">{title}</p>
      {lines.map((line, index) => (
        // Lines are plain sentences without ids; their order is their identity.
        <p key={index} className="toast__line">
          {line}
        </p>
      ))}
      <button
        type="button"
        className="button button--secondary toast__dismiss"
        data-toast-dismiss={toast.id}
        aria-label={t('toast.dismissLabel', { title })}
        onClick={(event) => {
          if (event.currentTarget === document.activeElement) focusAfterRemoving(toast.id);
          dismissToast(toast.id);
        }}
      >
        {t('toast.dismiss')}
      </button>
    </li>
  );
}

/** The notices themselves, without the live region: for a region that is already on the page (src/app/layout). */
export function ToastItems({ autoDismissMs = TOAST_AUTO_DISMISS_MS }: { autoDismissMs?: number }) {
  const t = useWords();
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getToasts);
  return toasts.length > 0 ? (
    <section aria-label={t('toast.region')}>
      <ul className="toast-list">
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} autoDismissMs={autoDismissMs} />
        ))}
      </ul>
    </section>
  ) : null;
}
