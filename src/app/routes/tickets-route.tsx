/** Route module (own chunk) for tickets: not built yet. */
import { useTranslation } from 'react-i18next';
import { NotBuilt } from './not-built';

export function TicketsRoute() {
  const { t } = useTranslation();
  return <NotBuilt title={t('page.tickets')} />;
}
