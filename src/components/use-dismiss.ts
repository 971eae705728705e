/**
 * A `<details>` used as a menu closes on Escape (focus back on its summary) and, when it floats over the page, on a
 * press outside it. One that opens in the flow (`outside: false`) stays: closing it would move what is under the
 * pointer between press and release (the Apply button), and the click would land elsewhere.
 */
import { useEffect, type RefObject } from 'react';

export function useDismiss(ref: RefObject<HTMLDetailsElement | null>, { outside = true }: { outside?: boolean } = {}): void {
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
    if (outside) document.addEventListener('pointerdown', onPress);
    return () => {
      details.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPress);
    };
  }, [ref, outside]);
}
