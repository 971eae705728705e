/** What a person sees when the app itself broke: what happened, in the agent's words, and a way out (Reload). */
import { isRouteErrorResponse } from 'react-router-dom';
import { describeError } from '../../api/describe-error';
import { useWords } from '../../lib/i18n/react';
import { PageHeading } from '../../components/page-heading';

/**
 * An exception's own message ("x is undefined", a query key, a stack) is for the console, where the boundaries log
 * it; the page says it in catalogue words (issue 28). A route's answer ("404 Not Found") is already words.
 */
export function ErrorScreen({ error }: { error: unknown }) {
  const t = useWords();
  const message = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}`.trim() : describeError(error, t).message;
  return (
    <div className="stack">
      <PageHeading>{t('crash.title')}</PageHeading>
      <p>{t('crash.intro')}</p>
      <p className="crash-message">{message}</p>
      <p>{t('crash.hint')}</p>
      <button type="button" className="button" onClick={() => window.location.reload()}>
        {t('crash.reload')}
      </button>
    </div>
  );
}
