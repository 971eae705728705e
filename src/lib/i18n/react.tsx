/**
 * The React side of the translator: `useWords()` -> the active language's `t`, re-rendering when the language changes
 * or words are added (a lazily loaded screen's section); `TranslatorProvider` (optional) for a test's own translator.
 */
import { createContext, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { i18n as appTranslator } from './index';
import type { TFunction, Translator } from './translator';

export type { TFunction } from './translator';

const TranslatorContext = createContext<Translator | null>(null);

/** Optional (tests pass their instance): without it, components use the app's one instance. */
export function TranslatorProvider({ translator, children }: { translator: Translator; children?: ReactNode }) {
  return <TranslatorContext.Provider value={translator}>{children}</TranslatorContext.Provider>;
}

/**
 * The one translation hook, cheap enough for forms that mount thousands of fields (a 99-contact wizard step): no
 * per-component closure to subscribe with (the translator's own `subscribe` is bound once), one memo.
 */
export function useWords(): TFunction {
  const translator = useContext(TranslatorContext) ?? appTranslator;
  const version = useSyncExternalStore(translator.subscribe, () => translator.version);
  // A new `t` whenever the words can have changed, so memos and effects that list `t` run again.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `version` is the reason for a new function
  return useMemo(() => translator.tFor(translator.language), [translator, version]);
}
