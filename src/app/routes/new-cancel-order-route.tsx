/** Route module (own chunk) for newCancelOrder: not built yet. */
import { useTranslation } from 'react-i18next';
import { NotBuilt } from './not-built';

export function NewCancelOrderRoute() {
  const { t } = useTranslation();
  return <NotBuilt title={t('page.newCancelOrder')} />;
}
