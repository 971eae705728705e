/**
 * Beside the dispute reason: the disputed ticket's status, resolution date and last status reason as they were when
 * the agent opened the dispute from it, so the reason can answer them without switching pages.
 */
import { useWords } from '../../../lib/i18n/react';
import { statusLabel } from '../../../components/status-badge';
import { formatDateTime } from '../../../lib/format';
import '../follow-up-section';
import type { DraftOrigin } from '../model/draft';
import './follow-up.css';

type DisputeOrigin = Extract<DraftOrigin, { kind: 'dispute' }>;

export function DisputedTicket({ origin, id }: { origin: DisputeOrigin; id: string }) {
  const t = useWords();
  const notGiven = t('followUp.disputed.notGiven');
  return (
    <section className="entry-disputed" id={id} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('followUp.disputed.title', { id: origin.ticketId })}</h3>
      <dl>
        <dt>{t('followUp.disputed.status')}</dt>
        <dd>{origin.status ? statusLabel(origin.status, t) : notGiven}</dd>
        <dt>{t('followUp.disputed.resolutionDate')}</dt>
        <dd>{origin.resolutionDate ? <time dateTime={origin.resolutionDate}>{formatDateTime(origin.resolutionDate)}</time> : notGiven}</dd>
        <dt>{t('followUp.disputed.reason')}</dt>
        <dd>{origin.statusChangeReason ?? notGiven}</dd>
      </dl>
    </section>
  );
}
