/** Words of what is due: the badges "Fällig in 3 Std." and "Seit 2 Tagen überfällig" (German). */
import type { Catalogue } from '../en';
import type { dueEn } from './due.en';

export const dueDe: Catalogue<typeof dueEn> = {
  dueIn: 'Fällig in {{amount}}',
  overdueBy: 'Seit {{amount}} überfällig',
  minute_one: '{{count}} Min.',
  minute_other: '{{count}} Min.',
  hour_one: '{{count}} Std.',
  hour_other: '{{count}} Std.',
  day_one: '{{count}} Tag',
  day_other: '{{count}} Tagen',
};
