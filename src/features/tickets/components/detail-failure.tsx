/**
 * Why a ticket could not be shown, each with its way forward: unknown id → the list (Retry would not help); no access
 * → the list; signed out → sign in; outage or an unreadable answer → Retry.
 */
import type { UseQueryResult } from '@tanstack/react-query';
import { useWords } from '../../../lib/i18n/react';
import { Link, useLocation } from 'react-router-dom';
import { isForbidden, isNotFound, isUnauthorized } from '../../../api/errors';
import { ErrorPanel } from '../../../components/error-panel';
import { useSession } from '../../../lib/session';

type Props = { id: string; query: UseQueryResult<unknown> };

function focusHeading(): void {
  document.querySelector<HTMLElement>('#main h1')?.focus();
}

export function DetailFailure({ id, query }: Props) {
  const t = useWords();
  const session = useSession();
  const location = useLocation();
  const error = query.error;

  if (isNotFound(error) || isForbidden(error)) {
    const notFound = isNotFound(error);
    return (
      <div className="error-panel" role="alert">
        <p className="error-panel__title">{notFound ? t('detail.notFoundTitle') : t('detail.forbiddenTitle')}</p>
        <p>{notFound ? t('detail.notFoundBody', { id }) : t('detail.forbiddenBody', { id })}</p>
        <p>
          <Link to="/tickets">{t('detail.toList')}</Link>
        </p>
      </div>
    );
  }

  if (isUnauthorized(error)) {
    return (
      <div className="error-panel" role="alert">
        <p className="error-panel__title">{t('detail.unauthorizedTitle')}</p>
        <p>{t('detail.unauthorizedBody')}</p>
        <button
          type="button"
          className="button"
          onClick={() => void session.signIn(`${location.pathname}${location.search}`)}
        >
          {t('detail.signIn')}
        </button>
      </div>
    );
  }

  return (
    <ErrorPanel
      title={t('detail.loadFailed', { id })}
      error={error}
      retrying={query.isFetching}
      onRetry={() => {
        // The panel gives way to the ticket or to a new panel; focus goes to the page heading so it is not lost.
        void query.refetch().finally(focusHeading);
      }}
    />
  );
}
