/** Route module (own chunk) for /cancel-orders/new: the form, the check page and the outcomes of sending. */
import { ReadOnlyNotice } from '../../features/auth/components/read-only-notice';
import { NewCancelOrder } from '../../features/cancel-orders/components/new-cancel-order';
import { useSession } from '../../lib/session';

export function NewCancelOrderRoute() {
  const { userId, canWrite } = useSession();
  if (!canWrite) return <ReadOnlyNotice kind="cancelOrder" />;
  // Drafts are per agent: another agent signing in starts from their own draft, never this one's.
  return (
    <div className="stack">
      <NewCancelOrder key={userId} />
    </div>
  );
}
