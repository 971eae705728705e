/**
 * What a ticket's create came to, in words with its links on: one component for every kind
 * (src/domain/create-outcome.ts#TicketOutcome), used by the wizard's result, the outbox and its item page. The caller
 * adds its own actions (Retry, Sign in again, Change) as children.
 */
import type { ReactNode } from 'react';
import { describeFailure } from '../../api/describe-error';
import type { TicketOutcome as Outcome } from '../../domain/create-outcome';
import type { TFunction } from '../../lib/i18n/translator';
import { useWords } from '../../lib/i18n/react';
import { statusLabel } from '../status-badge';
import { OutcomeFrame, type OutcomeLink, type TitleElement } from './outcome-frame';
import './outcomes-section';

type Props = {
  outcome: Outcome;
  /** The external id sent: the words name it, and a link lists the tickets that carry it. */
  externalId: string;
  titleAs?: TitleElement;
  children?: ReactNode;
};

const ticketHref = (id: string) => `/tickets/${encodeURIComponent(id)}`;
export const ticketsWithExternalId = (externalId: string) => `/tickets?externalId=${encodeURIComponent(externalId)}`;

type Shown = { title: string; lines: Parameters<typeof OutcomeFrame>[0]['lines']; links: OutcomeLink[] };

/** The words and links of each kind: the one place a ticket's outcome is worded. */
export function ticketOutcomeWords(outcome: Outcome, externalId: string, t: TFunction): Shown {
  const inList: OutcomeLink = { to: ticketsWithExternalId(externalId), text: t('outcomes.ticket.findInList', { externalId }) };
  switch (outcome.kind) {
    case 'created':
      return {
        title: t('outcomes.ticket.createdTitle'),
        lines: [t('outcomes.ticket.createdBody', { id: outcome.id })],
        links: [{ to: ticketHref(outcome.id), text: t('outcomes.ticket.open', { id: outcome.id }) }],
      };
    case 'accepted':
      return {
        title: t('outcomes.ticket.acceptedTitle'),
        lines: [t('outcomes.ticket.acceptedBody', { externalId })],
        links: [{ to: ticketsWithExternalId(externalId), text: t('outcomes.ticket.acceptedLink', { externalId }) }],
      };
    case 'invalid': {
      const said = outcome.message ?? outcome.reason;
      return {
        title: t('outcomes.ticket.invalidTitle'),
        lines: [
          t('outcomes.ticket.invalid', { count: outcome.invalidFields.length }),
          outcome.invalidFields.length === 0 ? t('outcomes.ticket.invalidNoFields', { reason: said ?? '' }) : said && { detail: said },
        ],
        links: [],
      };
    }
    case 'conflict': {
      const { existing } = outcome;
      return {
        title: t('outcomes.ticket.conflictTitle'),
        lines: [t('outcomes.ticket.conflictBody', { externalId })],
        links: [
          ...(existing
            ? [
                {
                  to: ticketHref(existing.id),
                  text: existing.status
                    ? t('outcomes.ticket.openExisting', { id: existing.id, status: statusLabel(existing.status, t) })
                    : t('outcomes.ticket.open', { id: existing.id }),
                },
              ]
            : []),
          inList,
        ],
      };
    }
    case 'unconfirmed':
      return { title: t('outcomes.ticket.unconfirmedTitle'), lines: [t('outcomes.ticket.unconfirmedBody', { externalId })], links: [inList] };
    case 'unauthorized':
      return { title: t('outcomes.ticket.unauthorizedTitle'), lines: [t('outcomes.ticket.unauthorizedBody')], links: [] };
    case 'forbidden':
      return { title: t('outcomes.ticket.forbiddenTitle'), lines: [t('outcomes.ticket.forbiddenBody')], links: [] };
    case 'rateLimited':
    case 'unavailable': {
      const { message, detail } = describeFailure(outcome, true, t);
      // A 429 or 503 may say how long to wait (Retry-After): the agent should know it before pressing Retry.
      const wait = outcome.retryAfterSeconds;
      return {
        title: t('outcomes.ticket.retryTitle'),
        lines: [
          message,
          detail && { detail },
          wait !== undefined && t('outcomes.ticket.waitSeconds', { count: wait }),
          t('outcomes.ticket.retryBody'),
        ],
        links: [],
      };
    }
    case 'unsupported': {
      const { message, detail } = describeFailure(outcome, false, t);
      return { title: t('outcomes.ticket.unsupportedTitle'), lines: [message, detail && { detail }, t('outcomes.ticket.unsupportedBody')], links: [] };
    }
    case 'unreadable':
      return { title: t('outcomes.ticket.unreadableTitle'), lines: [t('outcomes.ticket.unreadableBody')], links: [inList] };
  }
}

export function TicketOutcome({ outcome, externalId, titleAs = 'p', children }: Props) {
  const t = useWords();
  const { title, lines, links } = ticketOutcomeWords(outcome, externalId, t);
  return (
    <OutcomeFrame kind={outcome.kind} title={title} titleAs={titleAs} lines={lines} links={links}>
      {children}
    </OutcomeFrame>
  );
}
