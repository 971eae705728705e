/** Where the lines come from: a file (CSV or .xlsx), or rows pasted from a spreadsheet; and the example file. */
import { useState } from 'react';
import { downloadText } from '../../../components/data-table/export-csv';
import { Field } from '../../../components/form/field';
import { TextArea } from '../../../components/form/text-area';
import { bulkLimits } from '../../../lib/bulk-limits';
import { activeLanguage } from '../../../lib/i18n';
import { useWords } from '../../../lib/i18n/react';
import { exampleCsv } from '../model/example';
import { parseFile, parseText, type ParsedLines } from '../model/parse';
import { prefixOf } from '../model/prefix';
import '../bulk-section';

export type ReadLines = { parsed: ParsedLines; prefix: string };

function Problem({ parsed }: { parsed: ParsedLines }) {
  const t = useWords();
  switch (parsed.kind) {
    case 'lines':
      return parsed.unknownColumns.length ? <p role="status">{t('bulk.lines.unknownColumns', { names: parsed.unknownColumns.join(', ') })}</p> : null;
    case 'tooMany':
      return <p role="alert" className="form-error-message">{t('bulk.lines.tooMany', { count: parsed.count, limit: parsed.limit })}</p>;
    case 'noColumns':
      return (
        <p role="alert" className="form-error-message">
          {t('bulk.lines.noColumns')} {parsed.unknownColumns.length ? t('bulk.lines.unknownColumns', { names: parsed.unknownColumns.join(', ') }) : null}
        </p>
      );
    default:
      return <p role="alert" className="form-error-message">{t(`bulk.lines.${parsed.kind}`)}</p>;
  }
}

export function LinesInput({ read, onRead }: { read: ReadLines | undefined; onRead(read: ReadLines): void }) {
  const t = useWords();
  const [pasted, setPasted] = useState('');
  const fromFile = async (file: File) => {
    const [parsed, content] = await Promise.all([parseFile(file), file.text()]);
    onRead({ parsed, prefix: await prefixOf(content) });
  };
  const fromPaste = async () => onRead({ parsed: await parseText(pasted), prefix: await prefixOf(pasted) });
  const example = async () => downloadText(await exampleCsv(t, activeLanguage()), t('bulk.example.fileName'));
  return (
    <section className="stack bulk-lines" aria-labelledby="bulk-lines-title">
      <h2 id="bulk-lines-title">{t('bulk.lines.title')}</h2>
      <p>{t('bulk.lines.intro', { limit: bulkLimits.maxRows })}</p>
      <p>
        <button type="button" className="button button--secondary" onClick={() => void example()}>
          {t('bulk.lines.example')}
        </button>
      </p>
      <Field id="bulk-file" label={t('bulk.lines.file')}>
        <input
          id="bulk-file"
          type="file"
          className="form-file"
          accept=".csv,.txt,.tsv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) void fromFile(file);
          }}
        />
      </Field>
      <TextArea name="bulk-paste" label={t('bulk.lines.paste')} hint={t('bulk.lines.pasteHint')} rows={4} value={pasted} onChange={(event) => setPasted(event.target.value)} />
      <p>
        <button type="button" className="button button--secondary" disabled={pasted.trim() === ''} onClick={() => void fromPaste()}>
          {t('bulk.lines.checkPasted')}
        </button>
      </p>
      {read ? <Problem parsed={read.parsed} /> : null}
    </section>
  );
}
