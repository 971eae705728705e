// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { bulkLimits } from '../../../lib/bulk-limits';
import { linesOfTable, parseFile, parseText } from './parse';

const cellsOf = async (text: string) => {
  const parsed = await parseText(text);
  if (parsed.kind !== 'lines') throw new Error(`expected lines, got ${parsed.kind}`);
  return parsed;
};

describe('parseText', () => {
  it.each([
    ['comma', 'accessLineId,description\nDEU.DTAG.ABC1234567,No sync\n'],
    ['semicolon (German Excel)', 'accessLineId;description\r\nDEU.DTAG.ABC1234567;No sync\r\n'],
    ['tab (pasted from a spreadsheet)', 'accessLineId\tdescription\nDEU.DTAG.ABC1234567\tNo sync'],
    ['UTF-8 with a byte order mark', '\uFEFFaccessLineId,description\nDEU.DTAG.ABC1234567,No sync\n'],
    ['header names in another case, with spaces', ' AccessLineID ; Description \nDEU.DTAG.ABC1234567;No sync\n'],
  ])('reads %s', async (_name, text) => {
    const parsed = await cellsOf(text);
    expect(parsed.columns).toEqual(['accessLineId', 'description']);
    expect(parsed.lines).toEqual([{ row: 1, cells: { accessLineId: 'DEU.DTAG.ABC1234567', description: 'No sync' } }]);
  });

  it('keeps quoted fields whole: separators and line breaks inside quotes', async () => {
    const parsed = await cellsOf('description;networkTerminationLocation\n"Line 1; still\nline 2";"Keller, links"\n');
    expect(parsed.lines[0]!.cells).toEqual({ description: 'Line 1; still\nline 2', networkTerminationLocation: 'Keller, links' });
  });

  it('reads what German Excel writes: BOM, semicolons, CRLF, quoted umlauts, empty cells and trailing empty lines', async () => {
    const excel = '\uFEFFexternalIdentifier;accessLineId;locationContactFamilyName;locationContactPhone\r\n;DEU.DTAG.ABC1234567;"Müller";0221 555\r\nEXT-2;DEU.DTAG.ABC7654321;Groß;\r\n;;;\r\n\r\n';
    const parsed = await cellsOf(excel);
    expect(parsed.lines).toEqual([
      { row: 1, cells: { accessLineId: 'DEU.DTAG.ABC1234567', locationContactFamilyName: 'Müller', locationContactPhone: '0221 555' } },
      { row: 2, cells: { externalIdentifier: 'EXT-2', accessLineId: 'DEU.DTAG.ABC7654321', locationContactFamilyName: 'Groß' } },
    ]);
  });

  it('skips empty lines between lines', async () => {
    const parsed = await cellsOf('accessLineId\n\nDEU.DTAG.ABC1234567\n   \nDEU.DTAG.ABC7654321\n');
    expect(parsed.lines.map((line) => line.cells.accessLineId)).toEqual(['DEU.DTAG.ABC1234567', 'DEU.DTAG.ABC7654321']);
  });

  it('reports unknown columns and leaves them out', async () => {
    const parsed = await cellsOf('accessLineId,colour,Kundennummer\nDEU.DTAG.ABC1234567,red,42\n');
    expect(parsed.unknownColumns).toEqual(['colour', 'Kundennummer']);
    expect(parsed.lines[0]!.cells).toEqual({ accessLineId: 'DEU.DTAG.ABC1234567' });
  });

  it('refuses a header that names no known column, and a file without lines', async () => {
    expect(await parseText('colour,size\nred,XL\n')).toEqual({ kind: 'noColumns', unknownColumns: ['colour', 'size'] });
    expect(await parseText('accessLineId\n')).toEqual({ kind: 'empty' });
    expect(await parseText('')).toEqual({ kind: 'empty' });
  });
});

describe('the batch limit', () => {
  const table = (lines: number) => [['accessLineId'], ...Array.from({ length: lines }, (_, i) => [`DEU.DTAG.ABC${String(i).padStart(7, '0')}`])];

  it.each([
    [bulkLimits.maxRows, 'lines'],
    [bulkLimits.maxRows + 1, 'tooMany'],
  ])('%i lines: %s', (count, kind) => {
    expect(linesOfTable(table(count)).kind).toBe(kind);
  });

  it('says how many lines came and how many are allowed', async () => {
    expect(await parseText('accessLineId\na\nb\nc\n', 2)).toEqual({ kind: 'tooMany', count: 3, limit: 2 });
    expect((await parseText('accessLineId\na\nb\n', 2)).kind).toBe('lines');
  });
});

describe('parseFile', () => {
  it('reads a CSV file as UTF-8', async () => {
    const file = new File(['\uFEFFaccessLineId;locationContactFamilyName\nDEU.DTAG.ABC1234567;Müller\n'], 'lines.csv', { type: 'text/csv' });
    const parsed = await parseFile(file);
    expect(parsed.kind === 'lines' && parsed.lines[0]!.cells).toEqual({ accessLineId: 'DEU.DTAG.ABC1234567', locationContactFamilyName: 'Müller' });
  });

  it('says an .xlsx it cannot open is unreadable', async () => {
    const file = new File(['not a workbook'], 'lines.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
    expect(await parseFile(file)).toEqual({ kind: 'unreadable' });
  });
});
