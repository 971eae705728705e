/**
 * /outbox: the agent's tickets waiting to send (each with Open, Change and Withdraw), how sending stands, and what
 * became of the tickets sent in the last day. Nothing here reads as created until the service has it.
 */
import { useRef, useState } from 'react';
import { useWords } from '../../../lib/i18n/react';
import { Loading } from '../../../components/loading';
import { PageHeading } from '../../../components/page-heading';
import { isPending, type FinishedTicket, type PendingTicket } from '../../../lib/outbox/types';
import '../outbox-section';
import { useOutboxRunner, useOutboxSnapshot } from '../model/runtime';
import { ConnectionLine } from './connection-line';
import { EntryActions } from './entry-actions';
import { EntryStatus } from './entry-status';
import { FinishedEntry } from './finished-entry';
import { QueuedNotice } from './queued-notice';
import { entryWhat } from './outbox-words';
import { config } from '../../../lib/config';
import './outbox.css';

export function OutboxPage() {
  const t = useWords();
  const runner = useOutboxRunner();
  const snapshot = useOutboxSnapshot();
  const [announcement, setAnnouncement] = useState('');
  const waitingHeading = useRef<HTMLHeadingElement>(null);

  const entries = snapshot?.entries;
  const pending = (entries ?? []).filter((entry): entry is PendingTicket => isPending(entry));
  const finished = (entries ?? [])
    .filter((entry): entry is FinishedTicket => !isPending(entry))
    .sort((a, b) => b.finishedAt.localeCompare(a.finishedAt));
  return (
    <div className="outbox">
      <PageHeading>{t('outbox.title')}</PageHeading>
      <QueuedNotice />
      <p className="outbox-intro">{t('outbox.intro')}</p>
      <p className="outbox-intro">{t('outbox.kept', { count: config.offlineKeepDays })}</p>
      {typeof indexedDB === 'undefined' ? (
        <p className="error-panel" role="alert">
          {t('outbox.unavailable')}
        </p>
      ) : !runner || !snapshot || !entries ? (
        <Loading label={t('outbox.loading')} />
      ) : (
        <>
          {snapshot.unavailable ? (
            <p className="error-panel" role="alert">
              {t('outbox.unavailable')}
            </p>
          ) : null}
          <ConnectionLine snapshot={snapshot} runner={runner} />
          <section aria-labelledby="outbox-waiting">
            <h2 id="outbox-waiting" tabIndex={-1} ref={waitingHeading}>
              {t('outbox.waitingTitle')}
            </h2>
            {pending.length === 0 ? (
              <p>{t('outbox.none')}</p>
            ) : (
              <ul className="outbox-list">
                {pending.map((ticket) => {
                  const what = entryWhat(ticket, t);
                  return (
                    <li className="outbox-entry" key={ticket.id}>
                      <div>
                        <h3 className="outbox-entry__what">{what}</h3>
                        <EntryStatus ticket={ticket} sending={snapshot.sending === ticket.id} />
                      </div>
                      <EntryActions
                        ticket={ticket}
                        what={what}
                        openHref={`/outbox/${encodeURIComponent(ticket.id)}`}
                        onWithdrawn={(gone) => {
                          setAnnouncement(t('outbox.withdrawn', { what: gone }));
                          // Its row is gone: the list's heading keeps the agent's place.
                          waitingHeading.current?.focus();
                        }}
                      />
                    </li>
                  );
                })}
              </ul>
            )}
          </section>
          {finished.length > 0 ? (
            <section aria-labelledby="outbox-finished">
              <h2 id="outbox-finished">{t('outbox.finishedTitle')}</h2>
              <ul className="outbox-list">
                {finished.map((entry) => (
                  <FinishedEntry key={entry.id} entry={entry} />
                ))}
              </ul>
            </section>
          ) : null}
        </>
      )}
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
    </div>
  );
}
