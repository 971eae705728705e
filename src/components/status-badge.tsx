/** A ticket or order status in words from the catalogue; a status this app does not know yet is shown as it came. */
import { isKnownStatus, statusKindOf } from '../domain/ticket-status';
import type { TFunction } from '../lib/i18n/translator';
import { useWords } from '../lib/i18n/react';

/** Only known statuses are looked up: an unknown one could contain catalogue key syntax (".") and is shown verbatim. */
export function statusLabel(status: string, t: TFunction): string {
  return isKnownStatus(status) ? t(`status.${status}`, { defaultValue: status }) : status;
}

/** The colour says the status's kind (open, waiting, done, stopped; src/domain/ticket-status.ts); the words its meaning. */
export function StatusBadge({ status }: { status: string }) {
  const t = useWords();
  return <span className={`status-badge status-badge--${statusKindOf(status) ?? 'unknown'}`}>{statusLabel(status, t)}</span>;
}
