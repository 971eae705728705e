/**
 * What the provider asks for, in words: each JSON Pointer named by the field it points at ("/accessLineId" ->
 * "Access line ID"), the list joined the way the agent's language joins one ("Access line ID and Appointment").
 */
import { pointerSegments } from '../../domain/information-required';
import { fieldKeysOf } from '../../domain/messages';
import { isKey } from '../../lib/i18n/keys';
import type { TFunction } from '../../lib/i18n/translator';
import './notifications-panel-section';
import '../../lib/i18n/field-words';

/** A pointer's field label from the catalogue's `fields`; a pointer naming nothing the app knows is shown as sent. */
export function fieldOfPointer(pointer: string, t: TFunction): string {
  const segments = pointerSegments(pointer);
  if (!segments.some((segment) => typeof segment === 'string')) return pointer;
  return t(fieldKeysOf(segments).filter((key) => isKey(t, key)), { defaultValue: pointer });
}

/** "The provider needs: Access line ID and Appointment" in the active language. */
export function informationNeeded(pointers: readonly string[], t: TFunction, language: string): string {
  const fields = [...new Set(pointers.map((pointer) => fieldOfPointer(pointer, t)))];
  const list = new Intl.ListFormat(language, { style: 'long', type: 'conjunction' }).format(fields);
  return t('notificationsPanel.informationRequired.needs', { fields: list });
}
