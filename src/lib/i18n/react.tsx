/**
 * The React side of the translator, with react-i18next's names: `useTranslation()` -> { t, i18n } and
 * `I18nextProvider`, so a component changes only its import path. Re-renders on a language change and when words are
 * added (a lazily loaded screen's section) through useSyncExternalStore.
 */
import { createContext, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { i18n as appTranslator } from './index';
import type { TFunction, Translator } from './translator';

export type { TFunction } from './translator';

const TranslatorContext = createContext<Translator | null>(null);

/** Optional (tests pass their instance): without it, components use the app's one instance. */
export function I18nextProvider({ i18n, children }: { i18n: Translator; children?: ReactNode }) {
  return <TranslatorContext.Provider value={i18n}>{children}</TranslatorContext.Provider>;
}

export function useTranslation(): { t: TFunction; i18n: Translator } {
  const i18n = useContext(TranslatorContext) ?? appTranslator;
  const subscribe = useMemo(
    () => (onChange: () => void) => {
      i18n.on('languageChanged', onChange);
      i18n.on('added', onChange);
      return () => {
        i18n.off('languageChanged', onChange);
        i18n.off('added', onChange);
      };
    },
    [i18n],
  );
  const version = useSyncExternalStore(subscribe, () => i18n.version, () => i18n.version);
  // A new `t` whenever the words can have changed, so memos and effects that list `t` run again (as with i18next).
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `version` is the reason for a new function
  const t = useMemo<TFunction>(() => i18n.getFixedT(i18n.language), [i18n, i18n.language, version]);
  return { t, i18n };
}
