/** /outbox/:id: one waiting ticket, its state and its answers, with Change and Withdraw; or what became of it. */
import type { ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useWords } from '../../../lib/i18n/react';
import { Loading } from '../../../components/loading';
import { PageHeading } from '../../../components/page-heading';
import { isPending, type PendingTicket } from '../../../lib/outbox/types';
import '../outbox-section';
import { useOutboxSnapshot } from '../model/runtime';
import { EntryActions } from './entry-actions';
import { EntryStatus } from './entry-status';
import { FinishedEntry } from './finished-entry';
import { entryWhat } from './outbox-words';
import './outbox.css';

type Props = {
  /** The answers as check answers shows them (the wizard's own rows), read-only. */
  renderAnswers(ticket: PendingTicket): ReactNode;
};

export function OutboxItemPage({ renderAnswers }: Props) {
  const t = useWords();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const snapshot = useOutboxSnapshot();
  const entry = snapshot?.entries?.find((candidate) => candidate.id === id);

  return (
    <div className="outbox">
      <Link className="back-link" to="/outbox">
        {t('outbox.back')}
      </Link>
      <PageHeading>{entry ? t('outbox.item.title', { externalId: entry.externalId }) : t('outbox.title')}</PageHeading>
      {!snapshot?.entries ? (
        <Loading label={t('outbox.loading')} />
      ) : !entry ? (
        <p>{t('outbox.gone')}</p>
      ) : !isPending(entry) ? (
        <ul className="outbox-list">
          <FinishedEntry entry={entry} />
        </ul>
      ) : (
        <>
          <section aria-labelledby="outbox-item-status" className="outbox-item__status">
            <h2 id="outbox-item-status">{t('outbox.item.status')}</h2>
            <EntryStatus ticket={entry} sending={snapshot.sending === entry.id} />
            <EntryActions
              ticket={entry}
              what={entryWhat(entry, t)}
              onWithdrawn={() => navigate('/outbox', { replace: true })}
            />
          </section>
          <section aria-labelledby="outbox-item-answers">
            <h2 id="outbox-item-answers">{t('outbox.item.answers')}</h2>
            {renderAnswers(entry)}
          </section>
        </>
      )}
    </div>
  );
}
