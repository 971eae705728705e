/**
 * /outbox and /outbox/:id (one route, its id optional): the outbox's pages, composed with the wizard's own rows of
 * check answers for a waiting ticket's answers.
 */
import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import { OutboxItemPage } from '../../features/outbox/components/outbox-item-page';
import { OutboxPage } from '../../features/outbox/components/outbox-page';
import { QueuedAnswers } from '../../features/ticket-entry/components/queued-answers';
import { loadOfflineArea } from '../layout/offline-trigger';

/** The outbox's runner starts with the offline layer: opened straight from an address, it must not wait for it. */
function useOfflineLayer(): void {
  useEffect(loadOfflineArea, []);
}

export function OutboxRoute() {
  useOfflineLayer();
  const { id } = useParams();
  return id === undefined ? (
    <OutboxPage />
  ) : (
    <OutboxItemPage renderAnswers={(ticket) => <QueuedAnswers values={ticket.values} />} />
  );
}
