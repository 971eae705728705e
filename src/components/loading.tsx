/** A polite progress message: screen readers announce it, sighted people see it where the content will appear. */
import { useWords } from '../lib/i18n/react';

export function Loading({ label }: { label?: string }) {
  const t = useWords();
  return (
    <p className="loading" role="status">
      <span className="loading__spinner" aria-hidden="true" />
      {label ?? t('common.loading')}
    </p>
  );
}
