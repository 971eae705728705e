/** A `<details>` used as a menu closes on Escape (focus back on its summary) and on a press outside it. */
import { useEffect, type RefObject } from 'react';

export function useDismiss(ref: RefObject<HTMLDetailsElement | null>): void {
  useEffect(() => {
    const details = ref.current;
    if (!details) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || !details.open) return;
      event.preventDefault();
      details.open = false;
      details.querySelector('summary')?.focus();
    };
    const onPress = (event: PointerEvent) => {
      if (details.open && event.target instanceof Node && !details.contains(event.target)) details.open = false;
    };
    details.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPress);
    return () => {
      details.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPress);
    };
  }, [ref]);
}
