/** The "Notes" group (author, date, text; oldest first like the status history) and the "Attachments" group. */
import { useWords } from '../../../lib/i18n/react';
import type { TroubleTicketRead } from '../../../api/read-models';
import type { AttachmentRead } from '../../../domain/ticket-reader';
import { DateTime, ItemsGroup, Period, Row, SummaryList } from './detail-parts';
import { ChangeTag, useChanges } from './detail-marks';
import { byDate } from './status-timeline';

type Props = { ticket: TroubleTicketRead };

export function NotesGroup({ ticket }: Props) {
  const t = useWords();
  const notes = byDate(ticket.note ?? [], (note) => note.date);
  const fresh = useChanges()?.newNotes ?? [];
  return (
    <ItemsGroup group="notes" items={notes}>
      <ol className="detail-notes">
        {notes.map((note, index) => (
          // A note's id is optional (decisions.md); the service's order is the key.
          <li key={note.id ?? index} className={`detail-note${fresh.includes(note) ? ' detail-note--new' : ''}`}>
            <p className="detail-note__meta">
              {fresh.includes(note) ? (
                <>
                  <ChangeTag kind="new" />{' '}
                </>
              ) : null}
              <span className="detail-strong">{note.author || t('detail.notProvided')}</span>
              {note.date ? (
                <>
                  , <DateTime iso={note.date} />
                </>
              ) : null}
            </p>
            <p className="detail-text">{note.text}</p>
          </li>
        ))}
      </ol>
    </ItemsGroup>
  );
}

/** Only web addresses become links: a `javascript:` or `data:` URL from the service must never be clickable. */
function safeHref(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}

function attachmentTitle(attachment: AttachmentRead, t: ReturnType<typeof useWords>): string {
  if (attachment.name) return attachment.name;
  return attachment.reference && attachment.id ? t('detail.attachmentRef', { id: attachment.id }) : t('detail.attachmentUnnamed');
}

/** By value (name, type, description, a link) or by reference (its id): every part the service sent is shown. */
function AttachmentItem({ attachment }: { attachment: AttachmentRead }) {
  const t = useWords();
  const title = attachmentTitle(attachment, t);
  const href = safeHref(attachment.url);
  const byValue = !attachment.reference;
  const rows = [
    attachment.reference && attachment.id && attachment.name ? <Row key="id" label={t('detail.field.identifier')}>{attachment.id}</Row> : null,
    byValue ? <Row key="type" label={t('detail.field.fileType')}>{attachment.mimeType}</Row> : null,
    attachment.attachmentType ? <Row key="kind" label={t('detail.field.attachmentType')}>{attachment.attachmentType}</Row> : null,
    attachment.size ? <Row key="size" label={t('detail.field.size')}>{attachment.size}</Row> : null,
    attachment.validFor ? (
      <Row key="valid" label={t('detail.field.validFor')}>
        <Period period={attachment.validFor} />
      </Row>
    ) : null,
    byValue || attachment.description ? <Row key="description" label={t('detail.field.description')}>{attachment.description}</Row> : null,
    // A non-web address is shown as text, so the agent still sees what the service sent.
    attachment.url && !href ? <Row key="url" label={t('detail.field.url')}>{attachment.url}</Row> : null,
  ].filter((row) => row !== null);
  return (
    <li className="detail-item">
      <h3 className="detail-item__title">{href ? <a href={href}>{title}</a> : title}</h3>
      {rows.length > 0 ? <SummaryList>{rows}</SummaryList> : null}
    </li>
  );
}

export function AttachmentsGroup({ ticket }: Props) {
  const attachments = ticket.attachment ?? [];
  return (
    <ItemsGroup group="attachments" items={attachments}>
      <ul className="detail-items">
        {attachments.map((attachment, index) => (
          <AttachmentItem key={index} attachment={attachment} />
        ))}
      </ul>
    </ItemsGroup>
  );
}
