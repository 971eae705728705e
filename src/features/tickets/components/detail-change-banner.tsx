/**
 * The banner that says what changed while the ticket was open (status X → Y, new notes, new history entries, other
 * fields), in a polite live region, until the agent marks it as seen (decision 0041).
 */
import { useWords } from '../../../lib/i18n/react';
import type { TFunction } from '../../../lib/i18n/translator';
import { wordsOrValue, type MessageKey } from '../../../lib/i18n/keys';
import { statusLabel } from '../../../components/status-badge';
import { ticketFieldNames, ticketFields } from '../../../domain/ticket-fields';
import { hasChanges, type TicketChanges } from '../model/detail-changes';
import { placedFields } from '../model/detail-fields';
import '../../../lib/i18n/field-words';

/**
 * Fields whose words are not `fields.<name>`: the page's own labels, so banner and rows name them alike. A plain
 * field's are its table's (src/domain/ticket-fields.ts `label`).
 */
const labelKeys: Record<string, MessageKey> = {
  ...Object.fromEntries(ticketFieldNames.map((name) => [name, ticketFields[name].label])),
  channel: 'detail.field.channel',
  href: 'ticketWork.changes.href',
  note: 'detail.groups.notes',
  statusChange: 'detail.groups.history',
  troubleTicketRelationship: 'detail.groups.relationships',
  appointment: 'detail.field.appointmentPeriod',
};

/** A field's words; a detail the reader does not know keeps the service's name. */
export function fieldLabel(field: string, t: TFunction): string {
  if (!placedFields.includes(field)) return field;
  const key = labelKeys[field];
  return key ? t(key) : wordsOrValue(t, 'fields', field);
}

/** The banner's lines, in the order an agent asks: the status, what was added, what else changed. */
export function changeLines(changes: TicketChanges, t: TFunction): string[] {
  const lines: string[] = [];
  const { status, newNotes, newHistory, fields } = changes;
  if (status) {
    const word = (value: string | undefined) => (value ? statusLabel(value, t) : t('ticketWork.changes.noStatus'));
    lines.push(t('ticketWork.changes.status', { from: word(status.from), to: word(status.to) }));
  }
  if (newNotes.length > 0) lines.push(t('ticketWork.changes.newNotes', { count: newNotes.length }));
  if (newHistory.length > 0) lines.push(t('ticketWork.changes.newHistory', { count: newHistory.length }));
  if (fields.length > 0) lines.push(t('ticketWork.changes.fields', { fields: fields.map((field) => fieldLabel(field, t)).join(', ') }));
  return lines;
}

type Props = { changes: TicketChanges; onSeen: () => void };

export function ChangeBanner({ changes, onSeen }: Props) {
  const t = useWords();
  const shown = hasChanges(changes);
  return (
    // The live region is always there, so what appears in it is read out; it holds the banner only while there is news.
    <div aria-live="polite" className="detail-banner-region">
      {shown ? (
        <div className="detail-banner">
          <p className="detail-banner__title">{t('ticketWork.changes.title')}</p>
          <ul className="detail-banner__list">
            {changeLines(changes, t).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <button type="button" className="button button--secondary detail-banner__seen" onClick={onSeen}>
            {t('ticketWork.changes.markSeen')}
          </button>
        </div>
      ) : null}
    </div>
  );
}
