/**
 * The checked lines as a real table that scrolls sideways inside its own wrapper: a ready line as text, a line that
 * needs attention as inputs with each error on its cell, in the wizard's words, fixed in place. Issues of the shared
 * answers are on the line's last cell.
 */
import { memo } from 'react';
import { useWords, type TFunction } from '../../../lib/i18n/react';
import { formatIssue } from '../../../lib/i18n/format-issue';
import '../../../lib/i18n/field-words';
import { columnLabelKey, type BulkColumn } from '../model/columns';
import type { CellIssue, CheckedLine } from '../model/check';
import '../bulk-section';

const cellId = (row: number, column: BulkColumn) => `bulk-cell-${row}-${column}`;

export function issueText(issue: CellIssue, t: TFunction): string {
  const worded = formatIssue(issue.column ? { ...issue.issue, fieldKeys: [columnLabelKey(issue.column), ...issue.issue.fieldKeys] } : issue.issue, t);
  return issue.column ? worded : t('bulk.check.shared', { text: worded });
}

type RowProps = { line: CheckedLine; columns: readonly BulkColumn[]; onEdit(row: number, column: BulkColumn, value: string): void };

const LineRow = memo(function LineRow({ line, columns, onEdit }: RowProps) {
  const t = useWords();
  const ready = line.issues.length === 0;
  const other = line.issues.filter((issue) => issue.column === undefined || !columns.includes(issue.column));
  return (
    <tr className={ready ? undefined : 'bulk-grid__attention'}>
      <th scope="row">{line.row}</th>
      {columns.map((column) => {
        const own = line.cells[column];
        if (ready) {
          return <td key={column}>{column === 'externalIdentifier' && own === undefined ? <span className="bulk-grid__generated">{line.externalId}</span> : (own ?? '')}</td>;
        }
        const errors = line.issues.filter((issue) => issue.column === column).map((issue) => issueText(issue, t));
        const id = cellId(line.row, column);
        return (
          <td key={column} className={errors.length ? 'form-group--error' : undefined}>
            <label htmlFor={id} className="visually-hidden">
              {t('bulk.check.cell', { row: line.row, column: t(columnLabelKey(column)) })}
            </label>
            {errors.length ? (
              <p id={`${id}-error`} className="form-error-message">
                <span className="visually-hidden">{t('form.errorPrefix')}</span> {errors[0]}
              </p>
            ) : null}
            <input
              id={id}
              className={['form-input', errors.length ? 'form-input--error' : ''].filter(Boolean).join(' ')}
              defaultValue={own ?? ''}
              placeholder={column === 'externalIdentifier' && own === undefined ? line.externalId : undefined}
              aria-invalid={errors.length ? true : undefined}
              aria-describedby={errors.length ? `${id}-error` : undefined}
              onBlur={(event) => {
                if (event.target.value.trim() !== (own ?? '')) onEdit(line.row, column, event.target.value);
              }}
            />
          </td>
        );
      })}
      <td>
        {other.map((issue, index) => (
          <p key={index} className="form-error-message">
            {issueText(issue, t)}
          </p>
        ))}
      </td>
    </tr>
  );
});

export function CheckGrid({ lines, columns, onEdit }: { lines: readonly CheckedLine[]; columns: readonly BulkColumn[]; onEdit: RowProps['onEdit'] }) {
  const t = useWords();
  return (
    <div className="bulk-grid" role="region" aria-labelledby="bulk-check-title">
      <table>
        <thead>
          <tr>
            <th scope="col">{t('bulk.columns.row')}</th>
            {columns.map((column) => (
              <th key={column} scope="col">
                {t(columnLabelKey(column))}
                <span className="bulk-grid__name">{column}</span>
              </th>
            ))}
            <th scope="col">{t('bulk.columns.problems')}</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line) => (
            <LineRow key={line.row} line={line} columns={columns} onEdit={onEdit} />
          ))}
        </tbody>
      </table>
    </div>
  );
}
