/** German words of the header's notifications button. */
import type { Catalogue } from '../en';
import type { notificationsEn } from './notifications.en';

export const notificationsDe: Catalogue<typeof notificationsEn> = {
  button: 'Benachrichtigungen',
  withUnread_one: 'Benachrichtigungen, {{count}} ungelesen',
  withUnread_other: 'Benachrichtigungen, {{count}} ungelesen',
  loading: 'Benachrichtigungen werden geladen …',
};
