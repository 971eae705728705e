/**
 * The active language's `t` for the form pieces, re-rendering when the language changes. Cheaper than react-i18next's
 * useTranslation, which copies the i18next instance for every component that mounts: a form with 99 contacts mounts
 * thousands of fields, and that copying alone took a noticeable part of a second.
 */
import type { TFunction } from '../../lib/i18n/translator';
import { useMemo, useSyncExternalStore } from 'react';
import { i18n } from '../../lib/i18n';

function subscribe(onChange: () => void): () => void {
  i18n.on('languageChanged', onChange);
  return () => i18n.off('languageChanged', onChange);
}

const language = () => i18n.language;

export function useWords(): TFunction {
  const current = useSyncExternalStore(subscribe, language, language);
  return useMemo(() => i18n.getFixedT(current), [current]);
}
