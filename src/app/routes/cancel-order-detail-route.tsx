/** Route module (own chunk) for cancelOrder <id>: not built yet. */
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { NotBuilt } from './not-built';

export function CancelOrderDetailRoute() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  return <NotBuilt title={t('page.cancelOrder', { id })} />;
}
