/**
 * On a ticket's page: what the provider last asked about this ticket (a TroubleTicketInformationRequiredEvent seen in
 * this tab), in words, with when it asked. Nothing when it has asked nothing.
 */
import { useId } from 'react';
import { useWords } from '../../../lib/i18n/react';
import { formatDateTime } from '../../../lib/format';
import { activeLanguage } from '../../../lib/i18n';
import { informationNeeded } from '../information-words';
import { notifications } from '../model/notification-store';
import { useStore } from '../../../lib/external-store';
import './notifications.css';

export function InformationRequiredNotice({ ticketId }: { ticketId: string }) {
  const t = useWords();
  const titleId = useId();
  const { items } = useStore(notifications);
  // Newest first in the store: the first match is the provider's latest request.
  const asked = items.find((item) => item.link?.kind === 'ticket' && item.link.id === ticketId && item.informationRequired?.length);
  if (!asked?.informationRequired) return null;
  const language = activeLanguage();
  return (
    <div className="information-required" role="note" aria-labelledby={titleId}>
      <p id={titleId} className="information-required__title">
        {t('notificationsPanel.informationRequired.title')}
      </p>
      <p>{informationNeeded(asked.informationRequired, t, language)}</p>
      <p className="information-required__time">
        {t('notificationsPanel.informationRequired.asked')} <time dateTime={asked.time}>{formatDateTime(asked.time, language)}</time>
      </p>
    </div>
  );
}
