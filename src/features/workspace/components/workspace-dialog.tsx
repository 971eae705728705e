/**
 * A modal `<dialog>` that is open while it is mounted (the palette and the cheat sheet are rendered only when wanted):
 * the page behind is inert, Escape or a press on the backdrop closes it, and focus goes back where it was. Focus
 * starts on the element marked data-autofocus, else on the first focusable one.
 */
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import './workspace-dialogs.css';

type Props = {
  /** Id of the element that names the dialog (its heading). */
  labelledBy: string;
  onClose(): void;
  className?: string;
  children: ReactNode;
};

export function WorkspaceDialog({ labelledBy, onClose, className, children }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (!dialog) return undefined;
    const back = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog.showModal();
    // The browser focuses the first focusable element, which may be a container (cmdk's root has tabindex -1).
    dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    return () => {
      dialog.close();
      if (back?.isConnected) back.focus();
    };
  }, []);
  return (
    // The backdrop is the dialog's own box outside its content: a click there lands on the dialog itself.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={ref}
      className={['workspace-dialog', className ?? ''].filter(Boolean).join(' ')}
      aria-labelledby={labelledBy}
      onCancel={(event) => {
        // The state, not the browser, closes it: unmounting runs the close above.
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === ref.current) onClose();
      }}
    >
      {children}
    </dialog>
  );
}
