/**
 * The phone's menu button: a disclosure for the navigation and the header's less used tools (language, account,
 * Commands, Settings, the demo hint), so the header keeps to a quarter of a phone's height. Wider screens always show
 * them and hide the button (header-menu.css); the search, Notifications and the outbox count are never behind it.
 */
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useWords } from '../../lib/i18n/react';
import './header-menu.css';

/** What the menu shows and hides: its own parts, the navigation and the work tools' buttons (not the search). */
const menuParts = '.site-header__more, .site-nav nav, .workspace-button, .header-menu-button';

/** Whether the menu is open; a link chosen in it opens another page, and the menu closes with it. */
export function useHeaderMenu(): [boolean, (open: boolean) => void] {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const [shownAt, setShownAt] = useState(location.key);
  if (shownAt !== location.key) {
    setShownAt(location.key);
    setOpen(false);
  }
  return [open, setOpen];
}

type Props = { open: boolean; onOpenChange: (open: boolean) => void; controls: string };

export function HeaderMenuButton({ open, onOpenChange, controls }: Props) {
  const t = useWords();
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return undefined;
    const onKeyDown = (event: KeyboardEvent) => {
      const target = event.target instanceof Element ? event.target : null;
      // Only from inside the menu; a dialog opened from it (Commands, Settings, sign-out) closes itself first.
      if (event.key !== 'Escape' || !target?.closest(menuParts) || target.closest('dialog, [role="dialog"]')) return;
      onOpenChange(false);
      button.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open, onOpenChange]);
  return (
    <button
      ref={button}
      type="button"
      className="header-control header-menu-button"
      aria-expanded={open}
      aria-controls={controls}
      onClick={() => onOpenChange(!open)}
    >
      <span className="header-menu-button__icon" aria-hidden="true" />
      {t('app.menu')}
    </button>
  );
}
