// German as a first language (issue 37, part 5): a German screen must not show an English phrase of the English
// catalogue. The phrases come from the catalogues themselves (every English string whose German differs), so a new
// string is checked the day it is written.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const i18n = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/lib/i18n');

/**
 * Values the German screen shows as they are, on purpose: the provider's own words and codes (shown as received,
 * marked as the provider's), ids and names of the seed. Each is matched as a whole phrase.
 */
export const sameInBothLanguages: readonly string[] = [
  // The provider's free-text severity and priority values, shown as received (decisions.md "Provider values").
  'Critical',
  'High',
  'Medium',
  'Low',
  // The service's own reason phrase, quoted as received ("Der Dienst sagte: Internal Server Error").
  'Error',
];

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = '', into = new Map<string, string>()): Map<string, string> {
  for (const [key, value] of Object.entries(tree)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') into.set(name, value);
    else if (value && typeof value === 'object') flatten(value, name, into);
  }
  return into;
}

/** The one catalogue object a module exports. */
async function catalogueOf(file: string): Promise<Tree> {
  const module = (await import(file)) as Record<string, unknown>;
  const trees = Object.values(module).filter((value): value is Tree => typeof value === 'object' && value !== null);
  if (trees.length !== 1) throw new Error(`${file}: expected one exported catalogue, found ${trees.length}`);
  return trees[0]!;
}

/** Every catalogue pair: en.ts/de.ts and sections/<name>.en.ts/.de.ts, flattened to key → text. */
export async function cataloguePairs(): Promise<{ en: Map<string, string>; de: Map<string, string> }[]> {
  const pairs = [{ en: path.join(i18n, 'en.ts'), de: path.join(i18n, 'de.ts') }];
  for (const file of readdirSync(path.join(i18n, 'sections'))) {
    if (file.endsWith('.en.ts')) pairs.push({ en: path.join(i18n, 'sections', file), de: path.join(i18n, 'sections', file.replace('.en.ts', '.de.ts')) });
  }
  return Promise.all(pairs.map(async (pair) => ({ en: flatten(await catalogueOf(pair.en)), de: flatten(await catalogueOf(pair.de)) })));
}

const letter = /\p{L}/u;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A phrase as a whole: not inside a longer word on either side. */
const whole = (phrase: string) => new RegExp(`(?<![\\p{L}\\p{N}])${escape(phrase)}(?![\\p{L}\\p{N}])`, 'u');
/**
 * Whether `text` shows `phrase` as a whole. Most phrases are not in the text at all: a plain substring search rules
 * them out before a pattern is built (the check ran seconds per screen over the catalogues' thousand phrases).
 */
const shows = (text: string, phrase: string) => text.includes(phrase) && whole(phrase).test(text);

/**
 * The English phrases a German screen must not show: the literal parts (between `{{placeholders}}`) of every English
 * string whose German differs, of at least two words or one word of five letters or more, leaving out any phrase the
 * German catalogue itself uses (German says "Ticket", "Status", "Export" too) and `allowed`.
 */
export function englishPhrases(pairs: { en: Map<string, string>; de: Map<string, string> }[], allowed: readonly string[] = sameInBothLanguages): string[] {
  const german = pairs.flatMap((pair) => [...pair.de.values()]).join('\n');
  const phrases = new Set<string>();
  for (const { en, de } of pairs) {
    for (const [key, english] of en) {
      if (de.get(key) === english) continue;
      for (const part of english.split(/\{\{[^}]*\}\}|[\n()"“”„:;,.!?…]/)) {
        const phrase = part.trim();
        const words = phrase.split(/\s+/).filter((word) => letter.test(word));
        if (words.length === 0 || (words.length === 1 && words[0]!.length < 5)) continue;
        if (shows(german, phrase) || allowed.some((value) => value === phrase)) continue;
        phrases.add(phrase);
      }
    }
  }
  return [...phrases];
}

/** The English phrases of `phrases` that `text` (a German screen's visible text) shows. */
export function englishOnScreen(text: string, phrases: readonly string[]): string[] {
  return phrases.filter((phrase) => shows(text, phrase));
}

let catalogued: Promise<string[]> | undefined;
/** The English phrases of the app's own catalogues (englishPhrases over cataloguePairs), worked out once per process. */
export function cataloguedEnglishPhrases(): Promise<string[]> {
  catalogued ??= cataloguePairs().then((pairs) => englishPhrases(pairs));
  return catalogued;
}
