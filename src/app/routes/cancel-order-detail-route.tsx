/** Route module (own chunk) for /cancel-orders/:id: one cancellation, its state refreshed while the page is open. */
import { useParams } from 'react-router-dom';
import { EnteredOnDesk } from '../../features/auth/components/entered-on-desk';
import { CancelOrderDetail } from '../../features/cancel-orders/components/cancel-order-detail';

export function CancelOrderDetailRoute() {
  const { id = '' } = useParams();
  // A new id is a new page: no state (a failed refresh, the created flag) leaks from one order to the next.
  return <CancelOrderDetail key={id} id={id} entered={<EnteredOnDesk resource="cancelProductOrder" id={id} />} />;
}
