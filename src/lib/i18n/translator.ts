/**
 * The app's own translator (decision 0062): nested catalogues per language, `{{name}}` interpolation, `_one`/`_other`
 * plurals through Intl.PluralRules, fallback to English then the key, `defaultValue`, listeners for language changes.
 * It never escapes: React escapes what it shows, and words that go into JSON must not be.
 */

import type { MessageKey } from './keys';

/**
 * What `t` accepts besides the key: values for `{{name}}`, `count` for plurals (a number; a string, already formatted,
 * is only filled in), `defaultValue` when no key matches.
 */
export type TOptions = { defaultValue?: string; count?: number | string; [value: string]: unknown };

/**
 * A key (or keys, the first one found wins) and options -> words. The app's keys are the English catalogue's
 * (./keys.ts), so a misspelt one fails the typecheck; a translator with words of its own (a test's) says `<string>`.
 */
export type TFunction<Key extends string = MessageKey> = (key: Key | readonly Key[], options?: TOptions) => string;

/** A catalogue: words, or groups of words, by key. */
export type Words = { [key: string]: unknown };

export type InitOptions = {
  /** The start language. */
  language: string;
  /** Words by language, known from the start. */
  words?: Record<string, Words>;
  /** Where a key the language lacks is looked up next (default `en`). */
  fallback?: string;
};

type Listener = (language: string) => void;
type Event = 'languageChanged' | 'added';

/** Used before `changeLanguage` switches to a language it has no words of yet (the lazily loaded German). */
export type LanguageLoader = (language: string) => Promise<Words | undefined>;

const placeholder = /\{\{\s*([\w.]+)\s*\}\}/g;

function lookUp(words: Words | undefined, key: string): unknown {
  let node: unknown = words;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, part)) return undefined;
    node = (node as Words)[part];
  }
  return node;
}

function isWords(value: unknown): value is Words {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Deep merge of `add` into `target`; existing words stay unless `overwrite`. Returns the keys (dotted paths) whose
 * words were new or changed, so the translator can tell whether anything on screen can change.
 */
function merge(target: Words, add: Words, overwrite: boolean, prefix = '', changed: string[] = []): string[] {
  for (const [key, value] of Object.entries(add)) {
    const current = target[key];
    const path = prefix + key;
    if (isWords(current) && isWords(value)) merge(current, value, overwrite, `${path}.`, changed);
    else if (current === undefined || (overwrite && current !== value)) {
      target[key] = isWords(value) ? structuredClone(value) : value;
      if (isWords(value)) collectKeys(value, `${path}.`, changed);
      else changed.push(path);
    }
  }
  return changed;
}

function collectKeys(words: Words, prefix: string, into: string[]): void {
  for (const [key, value] of Object.entries(words)) {
    if (isWords(value)) collectKeys(value, `${prefix}${key}.`, into);
    else into.push(prefix + key);
  }
}

/** A plural form's key without its `_one`/`_other` (…) ending: the key components ask for. */
const pluralEnding = /_(zero|one|two|few|many|other)$/;

/** Catalogue parts merged key by key into a new object (two parts of one section meet under the same key). */
export function mergedWords(...parts: Words[]): Words {
  const out: Words = {};
  for (const part of parts) merge(out, part, true);
  return out;
}

/** One pass over the text: a value that itself contains `{{x}}` or `$t(…)` comes out as it was given. */
function interpolate(text: string, values: TOptions): string {
  return text.replace(placeholder, (whole, name: string) => {
    const value = values[name];
    return value === undefined || value === null ? whole : String(value);
  });
}

export class Translator<Key extends string = MessageKey> {
  language = '';
  private fallback = 'en';
  private readonly words: Record<string, Words> = {};
  private readonly listeners: Record<Event, Set<Listener>> = { languageChanged: new Set(), added: new Set() };
  private readonly plurals = new Map<string, Intl.PluralRules>();
  private loader: LanguageLoader | undefined;
  private requests = 0;
  /** Goes up with every change that can change words on screen (language, words added): the React binding's snapshot. */
  version = 0;
  /** Every key `t` was asked for: new words for any other key cannot change what is on screen. */
  private readonly asked = new Set<string>();

  /** The words and the start language (loaded through the loader when it has no words). */
  init(options: InitOptions, loader?: LanguageLoader): Promise<TFunction<Key>> {
    this.loader = loader;
    this.fallback = options.fallback ?? 'en';
    for (const [language, words] of Object.entries(options.words ?? {})) this.addWords(language, words, true);
    return this.changeLanguage(options.language);
  }

  hasWords(language: string): boolean {
    return Object.hasOwn(this.words, language);
  }

  /** Merges `words` into the language's, deeply; existing words stay unless `overwrite`. */
  addWords(language: string, words: Words, overwrite = false): this {
    const changed = merge((this.words[language] ??= {}), words, overwrite);
    // Words for keys no one has asked for yet change nothing on screen: a lazily loaded screen's section arrives before
    // its components render. Telling every component would re-render the whole app for nothing, in one long task on a
    // slow phone (decision 0057). Only words for a key already asked for (shown as a fallback, as the key itself, or as
    // a word now overwritten) are news.
    if (changed.some((key) => this.asked.has(key) || this.asked.has(key.replace(pluralEnding, '')))) {
      this.version += 1;
      this.emit('added');
    }
    return this;
  }

  /** Waits for the language's words (the loader) before switching, so the screen never shows keys in between. */
  async changeLanguage(language: string): Promise<TFunction<Key>> {
    // The last switch asked for wins, even when an earlier one is still waiting for its words.
    const request = ++this.requests;
    if (!this.hasWords(language) && this.loader) {
      const loaded = await this.loader(language);
      if (loaded && !this.hasWords(language)) this.addWords(language, loaded);
    }
    if (request === this.requests && language !== this.language) {
      this.language = language;
      this.version += 1;
      this.emit('languageChanged');
    }
    return this.t;
  }

  /** 'languageChanged' after a switch; 'added' when words arrive (a screen's section), which can change words too. */
  on(event: Event, listener: Listener): void {
    this.listeners[event].add(listener);
  }

  off(event: Event, listener: Listener): void {
    this.listeners[event].delete(listener);
  }

  /**
   * Both events, for React's useSyncExternalStore (with `version` as the snapshot): bound once per translator, so a
   * component that mounts makes no closure of its own to subscribe with (forms mount thousands).
   */
  readonly subscribe = (onChange: () => void): (() => void) => {
    this.on('languageChanged', onChange);
    this.on('added', onChange);
    return () => {
      this.off('languageChanged', onChange);
      this.off('added', onChange);
    };
  };

  /** `t` bound to one language, whatever the active one is later. */
  tFor(language: string): TFunction<Key> {
    return (key, options) => this.translate(language, key, options);
  }

  /** `t` in the active language; safe to pass around detached. */
  readonly t: TFunction<Key> = (key, options) => this.translate(this.language, key, options);

  private emit(event: Event): void {
    for (const listener of [...this.listeners[event]]) listener(this.language);
  }

  private pluralSuffix(language: string, count: number): string {
    let rules = this.plurals.get(language);
    if (!rules) {
      rules = new Intl.PluralRules(language);
      this.plurals.set(language, rules);
    }
    return `_${rules.select(count)}`;
  }

  private find(language: string, key: string, count: number | undefined): string | undefined {
    for (const lang of language === this.fallback ? [language] : [language, this.fallback]) {
      const words = this.words[lang];
      const candidates = count === undefined ? [key] : [key + this.pluralSuffix(lang, count), key];
      for (const candidate of candidates) {
        const found = lookUp(words, candidate);
        if (typeof found === 'string') return found;
      }
    }
    return undefined;
  }

  private translate(language: string, keys: string | readonly string[], options: TOptions = {}): string {
    const list = typeof keys === 'string' ? [keys] : keys;
    for (const key of list) {
      this.asked.add(key);
      const found = this.find(language, key, typeof options.count === 'number' ? options.count : undefined);
      if (found !== undefined) return interpolate(found, options);
    }
    const fallback = options.defaultValue ?? list[list.length - 1] ?? '';
    return options.defaultValue === undefined ? fallback : interpolate(fallback, options);
  }
}
