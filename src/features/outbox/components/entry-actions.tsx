/**
 * Change (the ticket goes back into the wizard as its draft, at check answers; "Fix and send again" after a refusal)
 * and Withdraw (asked once more, the safe "Keep it" focused) for one waiting ticket. Both wait for a send in flight
 * (the agent's outbox lock).
 */
import { useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useWords } from '../../../lib/i18n/react';
import type { PendingTicket } from '../../../lib/outbox/types';
import { withdraw } from '../model/actions';
import '../outbox-section';

/** The wizard's address that takes a ticket back from the outbox (features/ticket-entry, docs/decisions/0038). */
export const changeHref = (id: string) => `/tickets/new?fromOutbox=${encodeURIComponent(id)}`;

type Props = {
  ticket: PendingTicket;
  /** The ticket in words ("Fault ticket EXT-1"): buttons say which ticket they act on. */
  what: string;
  /** The page of this ticket; absent on that page itself. */
  openHref?: string;
  onWithdrawn(what: string): void;
};

export function EntryActions({ ticket, what, openHref, onWithdrawn }: Props) {
  const t = useWords();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState('');
  const keep = useRef<HTMLButtonElement>(null);
  const withdrawButton = useRef<HTMLButtonElement>(null);
  const asked = useRef(false);
  useLayoutEffect(() => {
    if (confirming) keep.current?.focus();
    else if (asked.current) withdrawButton.current?.focus();
    asked.current = confirming;
  }, [confirming]);

  const confirmWithdraw = async () => {
    if (busy) return;
    setBusy(true);
    try {
      if ((await withdraw(ticket.userId, ticket.id)) === 'withdrawn') onWithdrawn(what);
      else setProblem(t('outbox.gone'));
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };

  const name = <span className="visually-hidden">{what}</span>;
  const confirmId = `outbox-${ticket.id}-confirm`;
  return (
    <div className="outbox-actions">
      {confirming ? (
        <div className="outbox-actions__buttons" role="group" aria-labelledby={confirmId}>
          <p id={confirmId}>
            {t('outbox.withdrawConfirm', { what })}
            {ticket.unconfirmed ? ` ${t('outbox.withdrawMayExist')}` : ''}
          </p>
          <button type="button" className="button" ref={keep} onClick={() => setConfirming(false)}>
            {t('outbox.withdrawNo')}
          </button>
          <button type="button" className="button button--secondary" aria-disabled={busy || undefined} onClick={() => void confirmWithdraw()}>
            {t('outbox.withdrawYes')}
          </button>
        </div>
      ) : (
        <div className="outbox-actions__buttons">
          {openHref ? (
            <Link className="button button--secondary" to={openHref}>
              {t('outbox.open')} {name}
            </Link>
          ) : null}
          <Link className={ticket.state === 'refused' ? 'button' : 'button button--secondary'} to={changeHref(ticket.id)}>
            {t(ticket.state === 'refused' ? 'outbox.fix' : 'outbox.change')} {name}
          </Link>
          <button type="button" className="button button--secondary" ref={withdrawButton} onClick={() => setConfirming(true)}>
            {t('outbox.withdraw')} {name}
          </button>
        </div>
      )}
      {problem ? (
        <p className="outbox-actions__problem" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
