/**
 * Catalogue sections that belong to one lazily loaded screen (the wizard, the ticket list …). Each section lives in
 * this folder as `sections/<name>.en.ts` and `.de.ts` (one catalogue per language, split by screen) and is added to
 * the translator when the screen's code loads, so the first screen does not download words it never shows.
 */
import { addWords } from './index';
import type { Catalogue } from './en';

/** Adds `en` and `de` under the key `name` (t('name.…')); German must carry the same keys, checked by the type. */
const added = new Set<string>();

export function addSection<T extends object>(name: string, en: T, de: Catalogue<T>): void {
  if (added.has(name)) return;
  added.add(name);
  addWords('en', { [name]: en });
  addWords('de', { [name]: de });
}
