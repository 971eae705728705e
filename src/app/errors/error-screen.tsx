/** What a person sees when the app itself broke: the words of the error and a way out (Reload). */
import { useWords } from '../../lib/i18n/react';
import { PageHeading } from '../../components/page-heading';

export function errorText(error: unknown): string | undefined {
  if (error instanceof Error) return error.message || error.name;
  if (typeof error === 'string') return error;
  return undefined;
}

export function ErrorScreen({ message }: { message: string | undefined }) {
  const t = useWords();
  return (
    <div className="stack">
      <PageHeading>{t('crash.title')}</PageHeading>
      <p>{t('crash.intro')}</p>
      <p className="crash-message">{message ?? t('crash.unknown')}</p>
      <p>{t('crash.hint')}</p>
      <button type="button" className="button" onClick={() => window.location.reload()}>
        {t('crash.reload')}
      </button>
    </div>
  );
}
