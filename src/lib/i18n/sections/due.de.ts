/** Words of what is due: the badges "Noch 3 Std." and "2 Tage überfällig" (German: the
 * amount always in the nominative, so the columns of a German list fit at 1366 px). */
import type { Catalogue } from '../en';
import type { dueEn } from './due.en';

export const dueDe: Catalogue<typeof dueEn> = {
  dueIn: 'Noch {{amount}}',
  overdueBy: '{{amount}} überfällig',
  minute_one: '{{count}} Min.',
  minute_other: '{{count}} Min.',
  hour_one: '{{count}} Std.',
  hour_other: '{{count}} Std.',
  day_one: '{{count}} Tag',
  day_other: '{{count}} Tage',
};
