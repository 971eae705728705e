/**
 * The ticket's summary header, kept in view while the agent scrolls: status, ticket id and external id (each with a
 * copy button), ticket type, created, last update and what is due; then Print, the change banner and the jump links.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { useWords } from '../../../lib/i18n/react';
import type { TroubleTicketRead } from '../../../api/read-models';
import { DueDate } from '../../../components/due-badge';
import { StatusBadge } from '../../../components/status-badge';
import { ticketTypes } from '../../../domain/ticket';
import { useNow } from '../../../lib/use-now';
import type { TicketChanges } from '../model/detail-changes';
import { ChangeBanner } from './detail-change-banner';
import { CopyButton, CopyStatus, useCopy } from './detail-copy';
import { DetailJumpLinks } from './detail-jump-links';
import { ChangedMark } from './detail-marks';
import { DateTime, labelOf, NotProvided } from './detail-parts';
import { PrintButton } from './detail-print';
import './detail-summary.css';
import '../../../lib/i18n/field-words';

function Fact({ label, className = '', changed = false, children }: { label: string; className?: string; changed?: boolean; children: ReactNode }) {
  return (
    <div className={`detail-summary__fact ${className}${changed ? ' detail-summary__fact--changed' : ''}`}>
      <dt>
        {label}
        <ChangedMark changed={changed} />
      </dt>
      <dd>{children}</dd>
    </div>
  );
}

/**
 * Publishes what stays of the summary in view as `--detail-sticky-height` on the page, so a group the jump links (or the
 * browser) scroll to starts below it, not under it. Should the facts before the status ever scroll away,
 * `--detail-sticky-skip` is their height and the sticky top is that far above the window. On a phone the summary keeps
 * to a quarter of the height instead (detail-summary.css): terse facts, the dates in their group only.
 */
function useStickyHeight(summary: React.RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = summary.current;
    const page = element?.closest<HTMLElement>('.ticket-detail');
    const status = element?.querySelector<HTMLElement>('.detail-status');
    if (!element || !page || !status || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      const padding = Number.parseFloat(getComputedStyle(element).paddingTop) || 0;
      const gap = Number.parseFloat(getComputedStyle(status.parentElement ?? status).rowGap) || 0;
      const above = status.getBoundingClientRect().top - element.getBoundingClientRect().top;
      // Status first (wide screens): nothing scrolls away. Else all above it, so no sliver of the dates stays in view.
      const skip = above > padding + 1 ? Math.round(above - gap) : 0;
      page.style.setProperty('--detail-sticky-skip', `${skip}px`);
      page.style.setProperty('--detail-sticky-height', `${element.offsetHeight - skip}px`);
    };
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [summary]);
}

type Props = { ticket: TroubleTicketRead; changes: TicketChanges; onSeen: () => void };

export function DetailSummary({ ticket, changes, onSeen }: Props) {
  const t = useWords();
  const now = useNow();
  const { said, copy } = useCopy();
  const summary = useRef<HTMLElement>(null);
  useStickyHeight(summary);
  const externalId = ticket.externalIdentifier?.[0]?.id;
  const type = ticket.ticketType;
  const changed = (field: string) => changes.fields.includes(field);
  return (
    <section className="detail-summary" aria-label={t('ticketWork.summary')} ref={summary}>
      <div className="detail-summary__top">
        <dl className="detail-summary__facts">
          <Fact label={t('detail.status')} className="detail-status detail-summary__terse" changed={changes.status !== undefined}>
            {ticket.status ? <StatusBadge status={ticket.status} /> : <NotProvided />}
          </Fact>
          <Fact label={t('ticketWork.ticketId')} className="detail-summary__terse">
            <span className="detail-strong">{ticket.id}</span>{' '}
            <CopyButton value={ticket.id} label={t('ticketWork.copyTicketId', { id: ticket.id })} copy={copy} />
          </Fact>
          <Fact label={t('ticketWork.externalId')} className="detail-summary__terse" changed={changed('externalIdentifier')}>
            {externalId ? (
              <>
                <span className="detail-strong">{externalId}</span>{' '}
                <CopyButton value={externalId} label={t('ticketWork.copyExternalId', { id: externalId })} copy={copy} />
              </>
            ) : (
              <NotProvided />
            )}
          </Fact>
          <Fact label={t('ticketWork.type')} className="detail-summary__terse detail-summary__type" changed={changed('ticketType')}>
            {type ? labelOf(t, 'ticketType', type, ticketTypes) : <NotProvided />}
          </Fact>
          <Fact label={t('ticketWork.created')} className="detail-summary__context" changed={changed('creationDate')}>
            {ticket.creationDate ? <DateTime iso={ticket.creationDate} /> : <NotProvided />}
          </Fact>
          <Fact label={t('ticketWork.lastUpdate')} className="detail-summary__context">{ticket.lastUpdateDate ? <DateTime iso={ticket.lastUpdateDate} /> : <NotProvided />}</Fact>
          <Fact label={t('ticketWork.due')} className="detail-summary__due" changed={changed('expectedResolutionDate')}>
            {ticket.expectedResolutionDate ? <DueDate expected={ticket.expectedResolutionDate} status={ticket.status} now={now} /> : <NotProvided />}
          </Fact>
        </dl>
        <div className="detail-summary__tools">
          <PrintButton />
        </div>
      </div>
      <CopyStatus said={said} />
      <ChangeBanner changes={changes} onSeen={onSeen} />
      <DetailJumpLinks withOther={(ticket.other?.length ?? 0) > 0} />
    </section>
  );
}
