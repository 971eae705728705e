/** Route module (own chunk) for /cancel-orders/new: the form, the check page and the outcomes of sending. */
import { NewCancelOrder } from '../../features/cancel-orders/components/new-cancel-order';
import { useSession } from '../../lib/session';

export function NewCancelOrderRoute() {
  const { userId } = useSession();
  // Drafts are per agent: another agent signing in starts from their own draft, never this one's.
  return (
    <div className="stack">
      <NewCancelOrder key={userId} />
    </div>
  );
}
