/** The "Notes" group (author, date, text; oldest first like the status history) and the "Attachments" group. */
import { useTranslation } from '../../../lib/i18n/react';
import type { TroubleTicketRead } from '../../../api/read-models';
import type { AttachmentOrRef } from '../../../domain/appointment';
import { DateTime, DetailGroup, NoneRecorded, Period, Row, SummaryList } from './detail-parts';
import { byDate } from './status-timeline';

type Props = { ticket: TroubleTicketRead };

export function NotesGroup({ ticket }: Props) {
  const { t } = useTranslation();
  const notes = byDate(ticket.note ?? [], (note) => note.date);
  return (
    <DetailGroup title={t('detail.groups.notes')}>
      {notes.length === 0 ? (
        <NoneRecorded />
      ) : (
        <ol className="detail-notes">
          {notes.map((note) => (
            <li key={note.id} className="detail-note">
              <p className="detail-note__meta">
                <span className="detail-strong">{note.author || t('detail.notProvided')}</span>,{' '}
                <DateTime iso={note.date} />
              </p>
              <p className="detail-text">{note.text}</p>
            </li>
          ))}
        </ol>
      )}
    </DetailGroup>
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

function AttachmentItem({ attachment }: { attachment: AttachmentOrRef }) {
  const { t } = useTranslation();
  if (attachment['@type'] === 'AttachmentRef') {
    return (
      <li className="detail-item">
        <h3 className="detail-item__title">{t('detail.attachmentRef', { id: attachment.id })}</h3>
      </li>
    );
  }
  const name = attachment.name ?? t('detail.attachmentUnnamed');
  const href = safeHref(attachment.url);
  return (
    <li className="detail-item">
      <h3 className="detail-item__title">{href ? <a href={href}>{name}</a> : name}</h3>
      <SummaryList>
        <Row label={t('detail.field.fileType')}>{attachment.mimeType}</Row>
        <Row label={t('detail.field.validFor')}>
          {attachment.validFor ? <Period period={attachment.validFor} /> : undefined}
        </Row>
        <Row label={t('detail.field.description')}>{attachment.description}</Row>
        {/* A non-web address is shown as text, so the agent still sees what the service sent. */}
        {attachment.url && !href ? <Row label={t('detail.field.url')}>{attachment.url}</Row> : null}
      </SummaryList>
    </li>
  );
}

export function AttachmentsGroup({ ticket }: Props) {
  const { t } = useTranslation();
  const attachments = ticket.attachment ?? [];
  return (
    <DetailGroup title={t('detail.groups.attachments')}>
      {attachments.length === 0 ? (
        <NoneRecorded />
      ) : (
        <ul className="detail-items">
          {attachments.map((attachment, index) => (
            <AttachmentItem key={index} attachment={attachment} />
          ))}
        </ul>
      )}
    </DetailGroup>
  );
}
