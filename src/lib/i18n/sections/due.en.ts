/** Words of what is due: the badges "Due in 3 h" and "Overdue by 2 d" (English). */
export const dueEn = {
  dueIn: 'Due in {{amount}}',
  overdueBy: 'Overdue by {{amount}}',
  minute_one: '{{count}} min',
  minute_other: '{{count}} min',
  hour_one: '{{count}} h',
  hour_other: '{{count}} h',
  day_one: '{{count}} d',
  day_other: '{{count}} d',
};
