/** Registers the panel's catalogue section; imported by the lazily loaded modules only (it ships in their chunk). */
import type { MessageKey } from '../../lib/i18n/keys';
import { addSection } from '../../lib/i18n/sections';
import { notificationsPanelDe } from '../../lib/i18n/sections/notifications-panel.de';
import { notificationsPanelEn } from '../../lib/i18n/sections/notifications-panel.en';

addSection('notificationsPanel', notificationsPanelEn, notificationsPanelDe);

const isKnownKind = (eventType: string): eventType is keyof typeof notificationsPanelEn.kind => Object.hasOwn(notificationsPanelEn.kind, eventType);

/** The catalogue key of an event kind's words; an event name the catalogue does not know gets the generic word. */
export function kindKey(eventType: string): MessageKey {
  return isKnownKind(eventType) ? `notificationsPanel.kind.${eventType}` : 'notificationsPanel.kind.unknown';
}
