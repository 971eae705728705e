/** A batch's result as CSV rows: each line's row, its external identifier, what became of it in words, its ticket. */
import type { TFunction } from '../../../lib/i18n/translator';
import type { BatchRow, RowResult } from './batch';

export function resultText(result: RowResult, t: TFunction): string {
  switch (result.kind) {
    case 'created':
      return t('bulk.result.created', { ticketId: result.ticketId });
    case 'existed':
      return result.ticketId ? t('bulk.result.existedAs', { ticketId: result.ticketId }) : t('bulk.result.existed');
    case 'refused':
      return t('bulk.result.refused', { reason: result.reason });
    case 'waiting':
      return result.status ? t('bulk.result.waitingStatus', { status: result.status }) : t('bulk.result.waiting');
    default:
      return t(`bulk.result.${result.kind}`);
  }
}

export const ticketIdOf = (result: RowResult): string | undefined =>
  result.kind === 'created' || result.kind === 'existed' ? result.ticketId : undefined;

export function resultTable(rows: readonly BatchRow[], t: TFunction) {
  return {
    header: [t('bulk.csv.row'), t('bulk.csv.externalIdentifier'), t('bulk.csv.result'), t('bulk.csv.ticketId')],
    rows: rows.map((row) => [row.row === undefined ? '' : String(row.row), row.externalId, resultText(row.result, t), ticketIdOf(row.result) ?? '']),
  };
}
