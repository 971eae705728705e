/**
 * The overview's list of unsent tickets (src/features/ticket-entry): its code loads only when this agent has a ticket
 * draft stored, so the first screen of an agent without drafts fetches none of the wizard (size-budgets.json).
 */
import { lazy, Suspense, useState } from 'react';
import { draftNames, storedNames } from '../../lib/storage';
import { useSession } from '../../lib/session';

const DraftsList = lazy(async () => ({ default: (await import('../../features/ticket-entry/components/drafts-list')).DraftsList }));

export function OverviewDrafts() {
  const { userId, canWrite } = useSession();
  const [stored] = useState(() => storedNames(userId, draftNames.ticket).length > 0);
  if (!stored || !canWrite) return null;
  return (
    <Suspense fallback={null}>
      <DraftsList />
    </Suspense>
  );
}
