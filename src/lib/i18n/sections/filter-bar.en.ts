/** Words of the compact filter bar of the lists: menus, "More filters", the overdue filter, active filter chips (English). */
export const filterBarEn = {
  chosen_one: '{{count}} chosen',
  chosen_other: '{{count}} chosen',
  more: 'More filters',
  active: 'Active filters',
  remove: 'Remove filter: {{filter}}',
  chip: '{{filter}}: {{value}}',
  overdueOnly: 'Overdue only',
  overdue: 'Overdue',
};
