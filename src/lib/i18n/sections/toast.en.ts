/** Words of the toast list and of the global notice for a failed background refresh (English). */
export const toastEn = {
  region: 'Notices',
  dismiss: 'Dismiss',
  dismissLabel: 'Dismiss notice: {{title}}',
  refreshFailed: 'Some data on this page could not be refreshed.',
  keptLastData: 'The page still shows what was loaded before.',
};
