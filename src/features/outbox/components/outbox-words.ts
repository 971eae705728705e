/** An outbox ticket in words: what it is ("Fault ticket EXT-1", "Dispute of ticket TT-10 (EXT-2)"). */
import type { TFunction } from '../../../lib/i18n/translator';
import type { OutboxEntry } from '../../../lib/outbox/types';
import '../outbox-section';

export function entryWhat(entry: Pick<OutboxEntry, 'externalId' | 'ticketType' | 'origin'>, t: TFunction): string {
  const { externalId, origin } = entry;
  if (origin?.kind === 'dispute') return t('outbox.what.dispute', { ticketId: origin.ticketId, externalId });
  if (origin?.kind === 'copy') return t('outbox.what.copy', { ticketId: origin.ticketId, externalId });
  const type = entry.ticketType === 'fault' || entry.ticketType === 'dispute' ? entry.ticketType : 'other';
  return t('outbox.what.new', { type: t(`outbox.type.${type}`), externalId });
}
