/**
 * The overview's list of the agent's unsent tickets: one row per wizard run (a new ticket, a dispute of TT-1042, a
 * copy of TT-0999), the one changed last first, each with Resume and Discard (asked once more, since a discarded
 * draft cannot be brought back). Loaded by the overview only when drafts are stored (src/app/routes/overview-drafts.tsx).
 */
import { useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useWords } from '../../../lib/i18n/react';
import { formatDateTime } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import '../follow-up-section';
import { listDrafts, removeDraft, type Draft } from '../model/draft';
import { stepHref } from '../model/step-href';
import { draftAnswers, draftKind } from './draft-words';
import { config } from '../../../lib/config';
import './follow-up.css';

type ItemProps = {
  draft: Draft;
  confirming: boolean;
  onDiscard(): void;
  onConfirm(): void;
  onKeep(): void;
};

function DraftItem({ draft, confirming, onDiscard, onConfirm, onKeep }: ItemProps) {
  const t = useWords();
  const kind = draftKind(draft, t);
  const answers = draftAnswers(draft, t);
  const keep = useRef<HTMLButtonElement>(null);
  const discard = useRef<HTMLButtonElement>(null);
  const asked = useRef(false);
  // The safe choice takes focus when asked; after "Keep it" focus returns to the Discard button it came from.
  useLayoutEffect(() => {
    if (confirming) keep.current?.focus();
    else if (asked.current) discard.current?.focus();
    asked.current = confirming;
  }, [confirming]);
  const confirmId = `draft-${draft.id}-confirm`;
  return (
    <li className="drafts__item">
      <div>
        <p>
          <strong>{kind}</strong>
        </p>
        <p className="drafts__what">{answers}</p>
        <p className="drafts__when">
          {t('followUp.drafts.savedAt')} <time dateTime={draft.savedAt}>{formatDateTime(draft.savedAt)}</time>
        </p>
      </div>
      {confirming ? (
        <div className="drafts__buttons" role="group" aria-labelledby={confirmId}>
          <p id={confirmId}>{t('followUp.drafts.confirm')}</p>
          <button type="button" className="button" ref={keep} onClick={onKeep}>
            {t('followUp.drafts.confirmNo')}
          </button>
          <button type="button" className="button button--secondary" onClick={onConfirm}>
            {t('followUp.drafts.confirmYes')}
          </button>
        </div>
      ) : (
        <div className="drafts__buttons">
          {/* Resumed at once (no "Resume draft?" question): the agent chose it here. */}
          <Link className="button" to={stepHref(draft.step, { draft: draft.id })} state={{ resume: true }}>
            {t('followUp.drafts.resume')}{' '}
            <span className="visually-hidden">
              {kind}: {answers}
            </span>
          </Link>
          <button type="button" className="button button--secondary" ref={discard} onClick={onDiscard}>
            {t('followUp.drafts.discard')}{' '}
            <span className="visually-hidden">
              {kind}: {answers}
            </span>
          </button>
        </div>
      )}
    </li>
  );
}

export function DraftsList() {
  const t = useWords();
  const { userId } = useSession();
  const [drafts, setDrafts] = useState(() => listDrafts(userId));
  const [confirming, setConfirming] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  // Shown only when there was something to list; once shown it stays, to say what became of the last one.
  const [shown] = useState(drafts.length > 0);
  if (!shown) return null;

  const discard = (draft: Draft) => {
    removeDraft(userId, draft.id);
    setConfirming(null);
    setDrafts(listDrafts(userId));
    setAnnouncement(t('followUp.drafts.discarded', { what: draftKind(draft, t) }));
    // Its row is gone: the list's heading keeps the agent's place.
    heading.current?.focus();
  };

  return (
    <section className="drafts" aria-labelledby="drafts-title">
      <h2 id="drafts-title" tabIndex={-1} ref={heading}>
        {t('followUp.drafts.title')}
      </h2>
      <p className="form-hint">{t('followUp.drafts.intro')}</p>
      <p className="form-hint">{t('followUp.drafts.kept', { count: config.offlineKeepDays })}</p>
      {drafts.length === 0 ? (
        <p>{t('followUp.drafts.none')}</p>
      ) : (
        <ul className="drafts__list">
          {drafts.map((draft) => (
            <DraftItem
              key={draft.id}
              draft={draft}
              confirming={confirming === draft.id}
              onDiscard={() => setConfirming(draft.id)}
              onConfirm={() => discard(draft)}
              onKeep={() => setConfirming(null)}
            />
          ))}
        </ul>
      )}
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
    </section>
  );
}
