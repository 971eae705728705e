/**
 * The example file, generated from the column list (./columns.ts): every column the page knows as the header row, and
 * two lines in the agent's language. German spreadsheets expect a semicolon, English ones a comma.
 */
import type { TFunction } from '../../../lib/i18n/translator';
import { bulkColumns, type BulkColumn } from './columns';

export const separatorOf = (language: string): ',' | ';' => (language === 'de' ? ';' : ',');

export async function exampleCsv(t: TFunction, language: string): Promise<string> {
  const line = (n: number): Partial<Record<BulkColumn, string>> => ({
    accessLineId: `DEU.DTAG.ABC12345${n}0`,
    networkTerminationLocation: t('bulk.example.location'),
    description: t('bulk.example.description'),
    affectedProductId: `PRD-10${n}`,
    locationContactFamilyName: t('bulk.example.familyName'),
    locationContactGivenName: t('bulk.example.givenName'),
    locationContactPhone: `+49 221 555 01${n}`,
  });
  const { default: Papa } = await import('papaparse');
  const csv = Papa.unparse(
    { fields: [...bulkColumns], data: [1, 2].map((n) => bulkColumns.map((column) => line(n)[column] ?? '')) },
    { delimiter: separatorOf(language), newline: '\r\n' },
  );
  return `\uFEFF${csv}`;
}
