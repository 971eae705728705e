/** Route module (own chunk) for newTicket: not built yet. */
import { useTranslation } from 'react-i18next';
import { NotBuilt } from './not-built';

export function NewTicketRoute() {
  const { t } = useTranslation();
  return <NotBuilt title={t('page.newTicket')} />;
}
