/** Words of the shared list pieces (src/components/data-table): paging, sorting, column chooser, progress (German). */
import type { Catalogue } from '../en';
import type { listEn } from './list.en';

export const listDe: Catalogue<typeof listEn> = {
  range: '{{from}}–{{to}} von {{total}}',
  rangeUnknownTotal: '{{from}}–{{to}}',
  pagination: 'Seiten',
  previous: 'Zurück',
  previousLabel: 'Zurück zur vorigen Seite',
  next: 'Weiter',
  nextLabel: 'Weiter zur nächsten Seite',
  pageOf: 'Seite {{page}} von {{pages}}',
  page: 'Seite {{page}}',
  pageSize: 'Zeilen pro Seite',
  columns: 'Spalten',
  columnsLegend: 'Angezeigte Spalten',
  columnsRequired: '{{columns}}: immer angezeigt',
  applyColumns: 'Diese Spalten anzeigen',
  sortedBy: '{{caption}}, sortiert nach {{column}}, {{direction}}',
  ascending: 'aufsteigend',
  descending: 'absteigend',
  loading: 'Wird geladen …',
  updating: 'Die Liste wird aktualisiert …',
  scrollRegion: '{{caption}} (auf schmalen Bildschirmen seitlich verschiebbar)',
  notProvided: 'nicht angegeben',
  export: {
    button: 'CSV dieser Ansicht herunterladen',
    hint: 'Alle Seiten der aktuellen Filter, mit den angezeigten Spalten, wie auf dem Bildschirm.',
    progressLabel: 'Fortschritt des Exports',
    cancel: 'Export abbrechen',
    cancelled: 'Export abgebrochen; es wurde nichts heruntergeladen.',
    done: '{{file}} heruntergeladen. Zeilen: {{count}}.',
    failed: 'Der Export ist fehlgeschlagen; es wurde nichts heruntergeladen.',
  },
};
