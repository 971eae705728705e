/** Words of the offline layer in the header: the offline marker and the new-version notice (English). */
export const offlineEn = {
  marker: 'Offline — as of {{time}}',
  markerPlain: 'Offline',
  markerNothing: 'Offline — this page was not stored for reading offline',
  update: 'A new version is ready.',
  updateElsewhere: 'A new version was started in another tab.',
  reload: 'Reload',
};
