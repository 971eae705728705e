/**
 * The lines of a bulk file: a CSV (comma or semicolon, as German Excel writes it; UTF-8 with or without BOM), rows
 * pasted from a spreadsheet (tab separated), or an .xlsx workbook's first sheet. The first row names the columns
 * (./columns.ts); unknown names are reported, never guessed. papaparse and read-excel-file load only when a file is read.
 */
import { bulkLimits } from '../../../lib/bulk-limits';
import { columnOf, type BulkColumn } from './columns';

export type LineCells = Partial<Record<BulkColumn, string>>;
/** One line of the file: its row number (1 is the first line under the header) and its cells by column. */
export type Line = { row: number; cells: LineCells };

export type ParsedLines =
  | { kind: 'lines'; columns: BulkColumn[]; unknownColumns: string[]; lines: Line[] }
  /** No header row naming a known column, or no line under it. */
  | { kind: 'empty' }
  | { kind: 'noColumns'; unknownColumns: string[] }
  | { kind: 'tooMany'; count: number; limit: number }
  | { kind: 'unreadable' };

const BOM = '\uFEFF';

/** The header and lines of a table of strings (rows of cells), whatever it was read from. */
export function linesOfTable(table: readonly (readonly string[])[], limit: number = bulkLimits.maxRows): ParsedLines {
  const rows = table.filter((cells) => cells.some((cell) => cell.trim() !== ''));
  const [header, ...body] = rows;
  if (!header) return { kind: 'empty' };
  const columns = header.map((name) => columnOf(name.replace(BOM, '')));
  const unknownColumns = header.filter((_, index) => columns[index] === undefined).map((name) => name.replace(BOM, '').trim()).filter(Boolean);
  const known = columns.filter((column): column is BulkColumn => column !== undefined);
  if (known.length === 0) return { kind: 'noColumns', unknownColumns };
  if (body.length === 0) return { kind: 'empty' };
  if (body.length > limit) return { kind: 'tooMany', count: body.length, limit };
  const lines = body.map((cells, index): Line => {
    const line: LineCells = {};
    columns.forEach((column, at) => {
      const value = (cells[at] ?? '').trim();
      if (column && value !== '') line[column] = value;
    });
    return { row: index + 1, cells: line };
  });
  return { kind: 'lines', columns: [...new Set(known)], unknownColumns, lines };
}

/** CSV or pasted text: the separator (comma, semicolon or tab) is the one the header row uses. */
export async function parseText(text: string, limit: number = bulkLimits.maxRows): Promise<ParsedLines> {
  const { default: Papa } = await import('papaparse');
  const clean = text.startsWith(BOM) ? text.slice(1) : text;
  const result = Papa.parse<string[]>(clean, { delimitersToGuess: ['\t', ';', ','], skipEmptyLines: 'greedy' });
  if (result.data.length === 0) return { kind: 'empty' };
  return linesOfTable(result.data, limit);
}

const cellText = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  return String(value as string | number | boolean);
};

const isWorkbook = (file: Pick<File, 'name' | 'type'>) =>
  file.name.toLowerCase().endsWith('.xlsx') || file.type === 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A chosen file: an .xlsx workbook's first sheet, anything else read as UTF-8 text. */
export async function parseFile(file: File, limit: number = bulkLimits.maxRows): Promise<ParsedLines> {
  try {
    if (isWorkbook(file)) {
      const { readSheet } = await import('read-excel-file/browser');
      const sheet = await readSheet(file);
      return linesOfTable(sheet.map((row) => row.map(cellText)), limit);
    }
    return await parseText(await file.text(), limit);
  } catch {
    return { kind: 'unreadable' };
  }
}
