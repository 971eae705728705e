/** The agent's outbox entries of one batch, read again whenever the outbox changes (in this tab or another). */
import { useEffect, useState } from 'react';
import { listOutbox, subscribeOutbox } from '../../../lib/outbox/store';
import { batchRows, type BatchRow } from '../model/batch';

export function useBatch(userId: string, batch: string): BatchRow[] | undefined {
  const [rows, setRows] = useState<BatchRow[] | undefined>(undefined);
  useEffect(() => {
    let live = true;
    let reading = false;
    let again = false;
    // One read at a time; changes during a read make one more (a batch of 500 changes its entries often).
    const read = async (): Promise<void> => {
      if (reading) {
        again = true;
        return;
      }
      reading = true;
      try {
        do {
          again = false;
          const entries = await listOutbox(userId).catch(() => []);
          if (live) setRows(batchRows(entries, batch));
        } while (again && live);
      } finally {
        reading = false;
      }
    };
    void read();
    const unsubscribe = subscribeOutbox((changed) => {
      if (changed === userId) void read();
    });
    return () => {
      live = false;
      unsubscribe();
    };
  }, [batch, userId]);
  return rows;
}
