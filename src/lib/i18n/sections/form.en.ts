/** Words of the shared form pieces (src/components/form): error summary, optional marker, counters, dates, rows. */
export const formEn = {
  errorSummaryTitle: 'There is a problem',
  /** Read before an inline error, visually hidden: "Error: Family name: enter a value". */
  errorPrefix: 'Error:',
  optional: '(optional)',
  charactersRemaining_one: 'You have {{count}} character remaining',
  charactersRemaining_other: 'You have {{count}} characters remaining',
  charactersTooMany_one: 'You have {{count}} character too many',
  charactersTooMany_other: 'You have {{count}} characters too many',
  characterLimit: 'You can enter up to {{max}} characters',
  /** After the field's own hint: the zone the local date and time are read in. */
  timeZone: 'Local time, time zone {{zone}}',
  /** Shown under a filled date-time: the exact value that is sent. */
  sentAs: 'Sent as {{value}}',
  remove: 'Remove',
  /** Said when "Add" is no longer offered because the list is full. */
  limitReached: 'You have added the maximum of {{max}}.',
};
