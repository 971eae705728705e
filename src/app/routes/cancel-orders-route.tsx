/** Route module (own chunk) for /cancel-orders: every cancellation, filtered, sorted and paged through the URL. */
import { useWords } from '../../lib/i18n/react';
import { PageHeading } from '../../components/page-heading';
import { CancelOrderList } from '../../features/cancel-orders/components/cancel-order-list';

export function CancelOrdersRoute() {
  const t = useWords();
  return <CancelOrderList heading={<PageHeading>{t('page.cancelOrders')}</PageHeading>} />;
}
