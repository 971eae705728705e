/** Any address the app does not know: say so, and offer the way back. */
import { useWords } from '../../lib/i18n/react';
import { Link } from 'react-router-dom';
import { PageHeading } from '../../components/page-heading';

export function NotFoundRoute() {
  const t = useWords();
  return (
    <div className="stack">
      <PageHeading>{t('notFound.title')}</PageHeading>
      <p>{t('notFound.body')}</p>
      <p>
        <Link to="/">{t('notFound.toOverview')}</Link>
      </p>
    </div>
  );
}
