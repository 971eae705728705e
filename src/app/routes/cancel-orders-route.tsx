/** Route module (own chunk) for cancelOrders: not built yet. */
import { useTranslation } from 'react-i18next';
import { NotBuilt } from './not-built';

export function CancelOrdersRoute() {
  const { t } = useTranslation();
  return <NotBuilt title={t('page.cancelOrders')} />;
}
