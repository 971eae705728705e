/** A ticket or order status in words from the catalogue; a status this app does not know yet is shown as it came. */
import type { TFunction } from '../lib/i18n/translator';
import { useWords } from '../lib/i18n/react';

/** Colour groups, so the eye can tell open work from finished and stopped work; the words carry the meaning. */
const tones: Record<string, 'open' | 'waiting' | 'done' | 'stopped'> = {
  acknowledged: 'open',
  inProgress: 'open',
  pending: 'waiting',
  held: 'waiting',
  resolved: 'done',
  closed: 'done',
  done: 'done',
  rejected: 'stopped',
  cancelled: 'stopped',
  failed: 'stopped',
  terminatedWithError: 'stopped',
};

/** Only known statuses are looked up: an unknown one could contain catalogue key syntax (".") and is shown verbatim. */
export function statusLabel(status: string, t: TFunction): string {
  return Object.hasOwn(tones, status) ? t(`status.${status}`, { defaultValue: status }) : status;
}

export function StatusBadge({ status }: { status: string }) {
  const t = useWords();
  const tone = Object.hasOwn(tones, status) ? tones[status] : 'unknown';
  return <span className={`status-badge status-badge--${tone}`}>{statusLabel(status, t)}</span>;
}
