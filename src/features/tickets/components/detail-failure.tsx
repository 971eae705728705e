/**
 * Why a ticket could not be shown, each with its way forward: unknown id → the list (Retry would not help); no access
 * → the list; signed out → sign in; outage or an unreadable answer → Retry.
 */
import type { UseQueryResult } from '@tanstack/react-query';
import { useWords } from '../../../lib/i18n/react';
import { useLocation } from 'react-router-dom';
import { isForbidden, isNotFound, isUnauthorized } from '../../../api/errors';
import { ErrorPanel } from '../../../components/error-panel';
import { NotFoundPanel } from '../../../components/not-found-panel';
import { useSession } from '../../../lib/session';

type Props = { id: string; query: UseQueryResult<unknown> };

/** The failures that show their own one way back (the not-found panel): the page shows no other. */
export const hasOwnWayBack = (error: unknown) => isNotFound(error) || isForbidden(error);

function focusHeading(): void {
  document.querySelector<HTMLElement>('#main h1')?.focus();
}

export function DetailFailure({ id, query }: Props) {
  const t = useWords();
  const session = useSession();
  const location = useLocation();
  const error = query.error;

  if (hasOwnWayBack(error)) {
    const notFound = isNotFound(error);
    return (
      <NotFoundPanel
        title={notFound ? t('detail.notFoundTitle') : t('detail.forbiddenTitle')}
        body={notFound ? t('detail.notFoundBody', { id }) : t('detail.forbiddenBody', { id })}
        back={{ to: '/tickets', label: t('detail.toList') }}
      />
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
