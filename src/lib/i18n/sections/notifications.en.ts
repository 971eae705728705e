/** English words of the header's notifications button (eager: it is on every screen; the panel's words load with it). */
export const notificationsEn = {
  button: 'Notifications',
  /** The button's accessible name while events are unread (the badge shows the number). */
  withUnread_one: 'Notifications, {{count}} unread',
  withUnread_other: 'Notifications, {{count}} unread',
  loading: 'Loading notifications…',
};
