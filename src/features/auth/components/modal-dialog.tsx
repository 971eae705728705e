/**
 * A modal <dialog> (showModal: the page behind is inert, Escape is the cancel action). Focus moves to the element
 * marked data-autofocus on opening and whenever `focusKey` changes, and goes back where it was on closing.
 */
import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import './auth.css';

type Props = {
  open: boolean;
  titleId: string;
  descriptionId: string;
  /** Escape (the dialog's cancel event). */
  onCancel(): void;
  /** Changes when the content changes enough that focus must move to its new first action. */
  focusKey?: string;
  children: ReactNode;
};

function focusFirstAction(dialog: HTMLDialogElement): void {
  dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
}

export function ModalDialog({ open, titleId, descriptionId, onCancel, focusKey, children }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);

  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      returnFocus.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      focusFirstAction(dialog);
    } else if (!open && dialog.open) {
      dialog.close();
      if (returnFocus.current?.isConnected) returnFocus.current.focus();
      returnFocus.current = null;
    }
  }, [open]);

  useLayoutEffect(() => {
    if (open && ref.current) focusFirstAction(ref.current);
  }, [open, focusKey]);

  // Unmounted while open (sign-out navigates away, a test ends): the top layer must not keep an orphan.
  useEffect(() => {
    const dialog = ref.current;
    return () => {
      if (dialog?.open) dialog.close();
    };
  }, []);

  // At the document's top level: a dialog opened from the phone's header menu must not vanish with the menu's
  // container (a display:none ancestor hides even a modal dialog).
  return createPortal(
    <dialog
      ref={ref}
      className="auth-dialog"
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      onCancel={(event) => {
        // React decides whether the dialog stays open: the state, not the browser, closes it.
        event.preventDefault();
        onCancel();
      }}
    >
      {children}
    </dialog>,
    document.body,
  );
}
