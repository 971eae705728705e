/** Registers the panel's catalogue section; imported by the lazily loaded modules only (it ships in their chunk). */
import type { EventName } from '../../domain/event-kinds';
import type { MessageKey } from '../../lib/i18n/keys';
import { addSection } from '../../lib/i18n/sections';
import { notificationsPanelDe } from '../../lib/i18n/sections/notifications-panel.de';
import { notificationsPanelEn } from '../../lib/i18n/sections/notifications-panel.en';

addSection('notificationsPanel', notificationsPanelEn, notificationsPanelDe);

/** Every row of the event table has its panel line in English (and so, by the catalogue's type, in German): the typecheck says so. */
const kindWords: Record<EventName, string> & { unknown: string } = notificationsPanelEn.kind;

const isKnownKind = (eventType: string): eventType is EventName => eventType !== 'unknown' && Object.hasOwn(kindWords, eventType);

/** The catalogue key of an event kind's panel line; an event name the catalogue does not know gets the generic word. */
export function kindKey(eventType: string): MessageKey {
  return isKnownKind(eventType) ? `notificationsPanel.kind.${eventType}` : 'notificationsPanel.kind.unknown';
}
