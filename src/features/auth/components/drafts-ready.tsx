/**
 * Before any screen reads a draft: expired drafts are removed, and the drafts an earlier page sealed are opened
 * (src/lib/sealed-storage.ts), so the forms find them synchronously as before. Only an agent with sealed drafts waits.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { Loading } from '../../../components/loading';
import { needsOpening, openSealed, removeExpiredDrafts } from '../../../lib/sealed-storage';
import { useSession } from '../../../lib/session';

export function DraftsReady({ children }: { children: ReactNode }) {
  const { userId } = useSession();
  // Before the first screen reads a draft (and so before the children render): once per mount, i.e. per page.
  useState(removeExpiredDrafts);
  const [openedFor, setOpenedFor] = useState<string | null>(null);
  const waiting = userId !== '' && openedFor !== userId && needsOpening(userId);
  useEffect(() => {
    if (!waiting) return undefined;
    let current = true;
    // A store that cannot be opened (IndexedDB blocked) leaves its drafts unread, never the agent without screens.
    void openSealed(userId)
      .catch(() => undefined)
      .then(() => current && setOpenedFor(userId));
    return () => {
      current = false;
    };
  }, [userId, waiting]);
  return waiting ? <Loading /> : <>{children}</>;
}
