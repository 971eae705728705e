/**
 * The phone's menu button: a disclosure for the navigation and the header's less used tools (language, account,
 * Commands, Settings, the demo hint), so the header keeps to a quarter of a phone's height. Wider screens always show
 * them and hide the button (header-menu.css); the search, Notifications and the outbox count are never behind it.
 */
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import './header-menu.css';

/** What the menu shows and hides: its tools, the navigation and the work tools' buttons (not the search). */
const menuParts = '#header-tools,#header-nav,.workspace-button,.header-menu-button';

/** The button, which holds whether the menu is open (header-menu.css reads its aria-expanded). */
export function HeaderMenuButton({ label }: { label: string }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  // A link chosen in the menu opens another page: the menu closes with it, so the page's heading is in view.
  const { key } = useLocation();
  const [shownAt, setShownAt] = useState(key);
  if (shownAt !== key) {
    setShownAt(key);
    setOpen(false);
  }
  useEffect(() => {
    if (!open) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      // keydown's target is the focused element, or body.
      const target = event.target as Element;
      // Only from inside the menu; a dialog opened from it (Commands, Settings, sign-out) closes itself first.
      if (event.key !== 'Escape' || !target.closest(menuParts) || target.closest('dialog')) return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);
  return (
    <button
      ref={button}
      type="button"
      className="header-control header-menu-button"
      aria-expanded={open}
      aria-controls="header-tools header-nav"
      onClick={() => setOpen(!open)}
    >
      {label}
    </button>
  );
}
