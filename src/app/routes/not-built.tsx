/** The honest placeholder for a screen that a later issue builds: it names the screen and pretends nothing. */
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PageHeading } from '../../components/page-heading';

export function NotBuilt({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <div className="stack">
      <PageHeading>{title}</PageHeading>
      <p>{t('page.notBuilt')}</p>
      <p>
        <Link to="/">{t('common.backToOverview')}</Link>
      </p>
    </div>
  );
}
