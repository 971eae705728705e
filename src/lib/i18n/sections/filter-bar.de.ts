/** Words of the compact filter bar of the lists: menus, "More filters", the overdue filter, active filter chips (German). */
import type { Catalogue } from '../en';
import type { filterBarEn } from './filter-bar.en';

export const filterBarDe: Catalogue<typeof filterBarEn> = {
  chosen_one: '{{count}} gewählt',
  chosen_other: '{{count}} gewählt',
  more: 'Weitere Filter',
  active: 'Aktive Filter',
  remove: 'Filter entfernen: {{filter}}',
  chip: '{{filter}}: {{value}}',
  overdueOnly: 'Nur überfällige',
  overdue: 'Überfällig',
};
