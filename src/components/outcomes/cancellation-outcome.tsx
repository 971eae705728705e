/**
 * What a cancellation's create came to, in words with its links on: one component for every kind
 * (src/domain/create-outcome.ts#CancellationOutcome), used by the cancellation's check page. The caller adds its own
 * actions (Send again, Sign in again) as children.
 */
import type { ReactNode } from 'react';
import { describeFailure } from '../../api/describe-error';
import type { CancellationOutcome as Outcome } from '../../domain/create-outcome';
import { formatDateTime } from '../../lib/format';
import type { TFunction } from '../../lib/i18n/translator';
import { useWords } from '../../lib/i18n/react';
import { statusLabel } from '../status-badge';
import { OutcomeFrame, type OutcomeLink, type TitleElement } from './outcome-frame';
import './outcomes-section';

/** What the send knows beyond the answer: an earlier attempt got no answer; a 429 was the automatic retry's, or its wait. */
export type CancellationContext = {
  productOrderId: string;
  earlierAttemptLost?: boolean;
  /** This answer came to the automatic retry after a 429. */
  automatic?: boolean;
  /** For a 429 not waited out: when the service said sending may succeed (epoch ms). */
  retryAt?: number;
};

type Props = CancellationContext & { outcome: Outcome; titleAs?: TitleElement; children?: ReactNode };

const cancellationHref = (id: string) => `/cancel-orders/${encodeURIComponent(id)}`;

/** The list filtered to one product order's cancellations (the list keeps its filters in the URL). */
export function cancellationsOf(productOrderId: string): string {
  return `/cancel-orders?${new URLSearchParams({ productOrderId })}`;
}

type Shown = { title: string; lines: Parameters<typeof OutcomeFrame>[0]['lines']; links: OutcomeLink[] };

/** The words and links of each kind: the one place a cancellation's outcome is worded. */
export function cancellationOutcomeWords(outcome: Outcome, context: CancellationContext, t: TFunction): Shown {
  const id = context.productOrderId;
  const inList: OutcomeLink = { to: cancellationsOf(id), text: t('outcomes.cancellation.conflictListLink', { id }) };
  switch (outcome.kind) {
    case 'created':
      return {
        title: t('outcomes.cancellation.createdTitle'),
        lines: [t('outcomes.cancellation.createdBody', { id: outcome.id })],
        links: [{ to: cancellationHref(outcome.id), text: t('outcomes.cancellation.open', { id: outcome.id }) }],
      };
    case 'accepted':
      return {
        title: t('outcomes.cancellation.acceptedTitle'),
        lines: [t('outcomes.cancellation.acceptedBody', { id })],
        links: [{ to: cancellationsOf(id), text: t('outcomes.cancellation.acceptedLink', { id }) }],
      };
    case 'invalid': {
      const said = outcome.message ?? outcome.reason;
      return {
        title: t('outcomes.cancellation.invalidTitle'),
        lines: [said ? t('outcomes.cancellation.invalidMessage', { message: said }) : t('outcomes.cancellation.invalidNoDetail')],
        links: [],
      };
    }
    case 'conflict': {
      const { existing } = outcome;
      return {
        title: t('outcomes.cancellation.conflictTitle'),
        lines: [t('outcomes.cancellation.conflictBody', { id }), context.earlierAttemptLost && t('outcomes.cancellation.conflictAfterLost')],
        // Not found, or the look-up failed: the list still shows every cancellation of this order.
        links: existing
          ? [{ to: cancellationHref(existing.id), text: t('outcomes.cancellation.conflictLink', { id: existing.id, state: statusLabel(existing.state ?? '', t) }) }]
          : [inList],
      };
    }
    case 'unconfirmed':
      return { title: t('outcomes.cancellation.unconfirmedTitle'), lines: [t('outcomes.cancellation.unconfirmedBody', { id })], links: [inList] };
    case 'unauthorized':
      return { title: t('outcomes.cancellation.unauthorizedTitle'), lines: [t('outcomes.cancellation.unauthorizedBody')], links: [] };
    case 'forbidden':
      return { title: t('outcomes.cancellation.forbiddenTitle'), lines: [t('outcomes.cancellation.forbiddenBody')], links: [] };
    case 'rateLimited':
      return {
        title: t('outcomes.cancellation.busyAgainTitle'),
        lines: [
          context.automatic || context.retryAt === undefined
            ? t('outcomes.cancellation.busyAgainBody')
            : t('outcomes.cancellation.longWaitBody', { time: formatDateTime(new Date(context.retryAt).toISOString()) }),
        ],
        links: [],
      };
    case 'unreadable':
      return { title: t('outcomes.cancellation.unreadableTitle'), lines: [t('outcomes.cancellation.unreadableBody', { id })], links: [inList] };
    case 'unsupported':
    case 'unavailable': {
      // 406: the service will not answer in JSON, the one undeclared refusal with words of its own.
      if (outcome.status === 406) {
        return { title: t('outcomes.cancellation.notAcceptableTitle'), lines: [t('outcomes.cancellation.notAcceptableBody')], links: [] };
      }
      const { message, detail } = describeFailure(outcome, outcome.kind === 'unavailable', t);
      return { title: t('outcomes.cancellation.failedTitle'), lines: [message, detail && { detail }, t('outcomes.cancellation.kept')], links: [] };
    }
  }
}

export function CancellationOutcome({ outcome, titleAs = 'p', children, ...context }: Props) {
  const t = useWords();
  const { title, lines, links } = cancellationOutcomeWords(outcome, context, t);
  return (
    <OutcomeFrame kind={outcome.kind} title={title} titleAs={titleAs} lines={lines} links={links}>
      {children}
    </OutcomeFrame>
  );
}
