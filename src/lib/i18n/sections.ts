/**
 * Catalogue sections that belong to one lazily loaded screen (the wizard, the ticket list …). Each section lives in
 * this folder as `sections/<name>.en.ts` and `.de.ts` (one catalogue per language, split by screen) and is added to
 * the translator when the screen's code loads, so the first screen does not download words it never shows.
 */
import { addGermanLater, addWords } from './index';
import type { Catalogue } from './en';
import type { SectionName, Sections } from './keys';

const added = new Set<string>();

/**
 * Adds `en` and `de` under the key `name` (t('name.…')); German must carry the same keys, checked by the type. The
 * name and the words are those ./keys.ts lists, so the keys `t` accepts are the words that are added.
 */
export function addSection<N extends SectionName>(name: N, en: Sections[N], de: Catalogue<Sections[N]>): void {
  if (added.has(name)) return;
  added.add(name);
  addWords('en', { [name]: en });
  addWords('de', { [name]: de });
}

/**
 * A section of the first screen: its English words now, its German ones from a chunk of their own fetched only when
 * German is used (decision 0039), so an English first screen carries no German. `de` is a dynamic import.
 */
export function addSectionGermanLater<N extends SectionName, T extends Partial<Sections[N]>>(name: N, en: T, de: () => Promise<Catalogue<T>>): void {
  addSectionPart(name, '', en, de);
}

/**
 * One part of a section: the words under `name` that one lazily loaded piece needs (the rest of the section may be on
 * the first screen). `de` is the German words, or a dynamic import of them (German fetched only when used).
 */
export function addSectionPart<N extends SectionName, T extends Partial<Sections[N]>>(name: N, part: string, en: T, de: Catalogue<T> | (() => Promise<Catalogue<T>>)): void {
  const key = part ? `${name}/${part}` : name;
  if (added.has(key)) return;
  added.add(key);
  addWords('en', { [name]: en });
  if (typeof de === 'function') addGermanLater(async () => ({ [name]: await de() }));
  else addWords('de', { [name]: de });
}
