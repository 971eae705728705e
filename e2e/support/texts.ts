// Recording what an element shows over time, for states that last only a moment (a reconnect countdown): a wait for
// such a text can miss it between two looks; the record cannot.
import type { Locator } from '@playwright/test';

/**
 * From now on, notes every text the first `selector` inside `root` shows (a MutationObserver in the page, the current
 * text first); answers a function that reads the texts so far, in order, each change once.
 */
export async function recordTexts(root: Locator, selector: string): Promise<() => Promise<string[]>> {
  const key = `e2eTexts${Math.random().toString(36).slice(2)}`;
  await root.evaluate(
    (element, [name, inner]) => {
      const seen: string[] = [];
      const read = () => {
        const text = element.querySelector(inner)?.textContent ?? '';
        if (seen.at(-1) !== text) seen.push(text);
      };
      read();
      new MutationObserver(read).observe(element, { subtree: true, childList: true, characterData: true, attributes: true });
      (window as unknown as Record<string, string[]>)[name] = seen;
    },
    [key, selector] as const,
  );
  return () => root.page().evaluate((name) => [...(window as unknown as Record<string, string[]>)[name]!], key);
}
