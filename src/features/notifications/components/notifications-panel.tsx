/**
 * The open notifications panel (lazy): the connection state in a polite live region, the last 50 events newest first
 * with their kind, resource, local time and a link where the app has a page for them, and "Clear".
 */
import { useId } from 'react';
import { useWords } from '../../../lib/i18n/react';
import { Link } from 'react-router-dom';
import { statusLabel } from '../../../components/status-badge';
import { formatDateTime } from '../../../lib/format';
import { activeLanguage } from '../../../lib/i18n';
import { informationNeeded } from '../information-words';
import type { ConnectionState, NotificationItem } from '../model/notification-types';
import { clearNotifications, notifications, reconnectNow } from '../model/notification-store';
import { useStore } from '../../../lib/external-store';
import { kindKey } from '../notifications-panel-section';
import { eventKindOf } from '../../../domain/event-kinds';

function ConnectionLine({ connection }: { connection: ConnectionState }) {
  const t = useWords();
  const words =
    connection.status === 'reconnecting'
      ? t('notificationsPanel.connection.reconnecting', { seconds: connection.delaySeconds })
      : t(`notificationsPanel.connection.${connection.status}`);
  return (
    <div className="notifications-panel__connection">
      {/* Polite and in place: a state change is read out without moving the agent's focus. */}
      <p role="status" className={`notifications-panel__state notifications-panel__state--${connection.status}`}>
        {words}
      </p>
      {connection.status === 'off' ? <p className="notifications-panel__hint">{t('notificationsPanel.connection.offHint')}</p> : null}
      {connection.status === 'reconnecting' ? (
        <button type="button" className="button button--secondary" onClick={reconnectNow}>
          {t('notificationsPanel.connection.reconnectNow')}
        </button>
      ) : null}
    </div>
  );
}

/** The values its kind's line shows (`{{field}}`, its row's `line.values`): text only, a missing one as "–". */
function lineValues(item: NotificationItem): Record<string, string> {
  const fields = eventKindOf(item.eventType)?.line?.values ?? [];
  return Object.fromEntries(fields.map((field) => [field, typeof item.values?.[field] === 'string' ? item.values[field] : '–']));
}

function Entry({ item, isNew, onFollow }: { item: NotificationItem; isNew: boolean; onFollow: () => void }) {
  const t = useWords();
  const language = activeLanguage();
  const target = item.link
    ? {
        to: item.link.kind === 'ticket' ? `/tickets/${encodeURIComponent(item.link.id)}` : `/cancel-orders/${encodeURIComponent(item.link.id)}`,
        words: t(`notificationsPanel.item.${item.link.kind}`, { id: item.link.id }),
      }
    : undefined;
  return (
    <li className={`notifications-entry${isNew ? ' notifications-entry--new' : ''}`}>
      <p className="notifications-entry__kind">
        {isNew ? <strong className="notifications-entry__new">{t('notificationsPanel.newTag')}</strong> : null} {t(kindKey(item.eventType), lineValues(item))}
      </p>
      <p className="notifications-entry__what">
        {target ? (
          <Link to={target.to} onClick={onFollow}>
            {target.words}
          </Link>
        ) : item.resourceId ? (
          t(`notificationsPanel.item.${eventKindOf(item.eventType)?.line?.about ?? 'resource'}`, { id: item.resourceId })
        ) : null}
        {item.status ? ` – ${t('notificationsPanel.item.nowStatus', { status: statusLabel(item.status, t) })}` : null}
      </p>
      {item.informationRequired?.length ? <p className="notifications-entry__needs">{informationNeeded(item.informationRequired, t, language)}</p> : null}
      {/* The sender's own words, as text: React escapes them. */}
      {item.title ? <p className="notifications-entry__title">{item.title}</p> : null}
      {item.description ? <p className="notifications-entry__description">{item.description}</p> : null}
      <p className="notifications-entry__time">
        <time dateTime={item.time}>{formatDateTime(item.time, language)}</time>
      </p>
    </li>
  );
}

type PanelProps = {
  onClose: (returnFocus: boolean) => void;
  /** Whether an entry was unread when the panel opened, or came in since (opening marks everything read). */
  isNew: (key: string) => boolean;
};

export function NotificationsPanel({ onClose, isNew }: PanelProps) {
  const t = useWords();
  const { items, connection } = useStore(notifications);
  const headingId = useId();
  return (
    <section className="notifications-panel__inner" aria-labelledby={headingId}>
      <h2 id={headingId} className="notifications-panel__heading">
        {t('notificationsPanel.heading')}
      </h2>
      <ConnectionLine connection={connection} />
      {items.length === 0 ? (
        <p className="notifications-panel__empty">{t('notificationsPanel.empty')}</p>
      ) : (
        <ol className="notifications-panel__list" aria-label={t('notificationsPanel.recent')}>
          {items.map((item) => (
            <Entry key={item.key} item={item} isNew={isNew(item.key)} onFollow={() => onClose(false)} />
          ))}
        </ol>
      )}
      <div className="notifications-panel__actions">
        <button type="button" className="button button--secondary" onClick={clearNotifications}>
          {t('notificationsPanel.clear')}
        </button>
        <button type="button" className="button button--secondary" onClick={() => onClose(true)}>
          {t('notificationsPanel.close')}
        </button>
      </div>
    </section>
  );
}
