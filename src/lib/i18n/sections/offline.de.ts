/** Words of the offline layer in the header: the offline marker and the new-version notice (German). */
import type { Catalogue } from '../en';
import type { offlineEn } from './offline.en';

export const offlineDe: Catalogue<typeof offlineEn> = {
  marker: 'Offline — Stand {{time}}',
  markerPlain: 'Offline',
  markerNothing: 'Offline — diese Seite wurde nicht für das Lesen ohne Verbindung gespeichert',
  update: 'Eine neue Version ist bereit.',
  updateElsewhere: 'In einem anderen Tab wurde eine neue Version gestartet.',
  reload: 'Neu laden',
};
