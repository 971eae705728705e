// @vitest-environment node
// An .xlsx workbook read as the bulk page reads it (read-excel-file), to the same lines as the equivalent CSV. The
// workbook is built here, as Excel stores one: a zip of the package parts, text in the shared strings (an umlaut among
// them), a number in a number cell, an inline string, and an empty cell.
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { parseFile, parseText } from './parse';

const xml = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
type Cell = { s: string } | { n: number } | { inline: string } | null;

/** A minimal valid workbook with one sheet of these rows. */
function workbook(rows: Cell[][]): Uint8Array<ArrayBuffer> {
  const strings: string[] = [];
  const column = (index: number) => String.fromCharCode(65 + index);
  const sheetRows = rows
    .map((cells, r) => {
      const xmlCells = cells
        .map((cell, c) => {
          const ref = `${column(c)}${r + 1}`;
          if (cell === null) return '';
          if ('s' in cell) {
            if (!strings.includes(cell.s)) strings.push(cell.s);
            return `<c r="${ref}" t="s"><v>${strings.indexOf(cell.s)}</v></c>`;
          }
          if ('n' in cell) return `<c r="${ref}"><v>${cell.n}</v></c>`;
          return `<c r="${ref}" t="inlineStr"><is><t>${escape(cell.inline)}</t></is></c>`;
        })
        .join('');
      return `<row r="${r + 1}">${xmlCells}</row>`;
    })
    .join('');
  const main = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  const rel = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  const pkgRel = 'http://schemas.openxmlformats.org/package/2006/relationships';
  return new Uint8Array(zipSync({
    '[Content_Types].xml': strToU8(
      `${xml}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
        '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>' +
        '</Types>',
    ),
    '_rels/.rels': strToU8(
      `${xml}<Relationships xmlns="${pkgRel}"><Relationship Id="rId1" Type="${rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    'xl/workbook.xml': strToU8(`${xml}<workbook xmlns="${main}" xmlns:r="${rel}"><sheets><sheet name="Lines" sheetId="1" r:id="rId1"/></sheets></workbook>`),
    'xl/_rels/workbook.xml.rels': strToU8(
      `${xml}<Relationships xmlns="${pkgRel}">` +
        `<Relationship Id="rId1" Type="${rel}/worksheet" Target="worksheets/sheet1.xml"/>` +
        `<Relationship Id="rId2" Type="${rel}/sharedStrings" Target="sharedStrings.xml"/>` +
        '</Relationships>',
    ),
    'xl/worksheets/sheet1.xml': strToU8(`${xml}<worksheet xmlns="${main}"><sheetData>${sheetRows}</sheetData></worksheet>`),
    'xl/sharedStrings.xml': strToU8(
      `${xml}<sst xmlns="${main}" count="${strings.length}" uniqueCount="${strings.length}">${strings.map((s) => `<si><t>${escape(s)}</t></si>`).join('')}</sst>`,
    ),
  }));
}

const xlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

describe('parseFile with an .xlsx workbook', () => {
  const rows: Cell[][] = [
    [{ s: 'accessLineId' }, { s: 'affectedProductId' }, { s: 'locationContactFamilyName' }, { inline: 'networkTerminationLocation' }],
    [{ s: 'DEU.DTAG.ABC1234567' }, { n: 4711 }, { s: 'Müller' }, { inline: 'Keller, links' }],
    [{ s: 'DEU.DTAG.ABC7654321' }, { s: 'PRD-2' }, { s: 'Groß' }, null],
  ];
  const csv = 'accessLineId;affectedProductId;locationContactFamilyName;networkTerminationLocation\r\nDEU.DTAG.ABC1234567;4711;Müller;"Keller, links"\r\nDEU.DTAG.ABC7654321;PRD-2;Groß;\r\n';

  it('reads the first sheet to the same lines as the equivalent CSV: a number cell, umlauts, an empty cell', async () => {
    const parsed = await parseFile(new File([workbook(rows)], 'Störung.xlsx', { type: xlsxType }));
    expect(parsed).toEqual(await parseText(csv));
    expect(parsed.kind === 'lines' && parsed.lines).toEqual([
      { row: 1, cells: { accessLineId: 'DEU.DTAG.ABC1234567', affectedProductId: '4711', locationContactFamilyName: 'Müller', networkTerminationLocation: 'Keller, links' } },
      { row: 2, cells: { accessLineId: 'DEU.DTAG.ABC7654321', affectedProductId: 'PRD-2', locationContactFamilyName: 'Groß' } },
    ]);
  });

  it('knows a workbook by its name or by its type alone', async () => {
    const bytes = workbook(rows);
    expect((await parseFile(new File([bytes], 'lines.XLSX'))).kind).toBe('lines');
    expect((await parseFile(new File([bytes], 'lines', { type: xlsxType }))).kind).toBe('lines');
  });
});
