/**
 * A list of rows in one fieldset (contacts, agreements, questions …): its own error ("at least 2 needed") at the
 * list, the minimum rows always shown, "Add" only while the list may grow, "Remove" only above the minimum. Rows are
 * memoised components keyed by useFieldArray's id, so adding one row does not re-render the other 98.
 */
import { memo, useCallback, useEffect, useRef, type ComponentType, type CSSProperties } from 'react';
import { useFieldArray, type ArrayPath, type FieldArray } from 'react-hook-form';
import { useWords } from '../../../components/form/use-words';
import { Fieldset } from '../../../components/form/fieldset';
import { fieldId } from '../../../components/form/field-id';
import { AddRowButton } from '../../../components/form/row-controls';
import { errorText } from '../model/error-words';
import type { EntryValues } from '../model/form-values';
import { useEntryActions } from '../hooks/entry-context';
import { useErrorAt } from '../hooks/field-errors';

export type RowProps = { index: number; canRemove: boolean; onRemove: (index: number) => void };

type Props<N extends ArrayPath<EntryValues>> = {
  name: N;
  legend: string;
  hint?: string;
  min: number;
  max: number;
  Row: ComponentType<RowProps>;
  emptyRow: () => FieldArray<EntryValues, N>;
  /** The field of row `index` that takes focus when the row is added. */
  firstField: (index: number) => string;
  /** Row name for announcements: "Contact 3". */
  rowName: (index: number) => string;
  addText: string;
  noneText: string;
  legendHeading?: 'h2' | 'h3' | 'h4';
  /**
   * About how tall a row is (rem), for rows the browser has not rendered yet (entry.css: content-visibility). Close
   * estimates keep the scroll position steady while rows come into view.
   */
  rowSize?: number;
};

/** The list's own error (too few, too many), re-rendered only when it changes. */
function useListError(name: string): string | undefined {
  const t = useWords();
  return errorText(name, useErrorAt(`${name}.root`), t);
}

function RowsFieldsetInner<N extends ArrayPath<EntryValues>>(props: Props<N>) {
  const { name, legend, hint, min, max, Row, emptyRow, firstField, rowName, addText, noneText, legendHeading, rowSize = 12 } = props;
  const { fields, append, remove } = useFieldArray<EntryValues, N>({ name });
  const t = useWords();
  const { changed, announce } = useEntryActions();
  const error = useListError(name);

  // useFieldArray's functions change every render; the rows get one stable onRemove, so memo keeps them still.
  const latest = useRef({ remove, rowName, t });
  useEffect(() => {
    latest.current = { remove, rowName, t };
  });
  const onRemove = useCallback(
    (index: number) => {
      latest.current.remove(index);
      announce(latest.current.t('entry.removed', { row: latest.current.rowName(index) }));
      changed();
      // The pressed button is gone: focus the list, whose legend says where the agent is.
      document.getElementById(fieldId(name))?.focus();
    },
    [announce, changed, name],
  );

  const onAdd = () => {
    const index = fields.length;
    append(emptyRow(), { focusName: firstField(index) });
    announce(t('entry.added', { row: rowName(index) }));
    changed();
  };

  const canRemove = fields.length > min;
  return (
    <Fieldset id={fieldId(name)} legend={legend} legendSize={legendHeading ? 'medium' : 'small'} legendHeading={legendHeading} hint={hint} error={error}>
      {fields.length === 0 ? <p className="entry-none">{noneText}</p> : null}
      <ol className="entry-rows" style={{ '--entry-row-size': `${rowSize}rem` } as CSSProperties}>
        {fields.map((field, index) => (
          <li key={field.id} className="entry-rows__item">
            <Row index={index} canRemove={canRemove} onRemove={onRemove} />
          </li>
        ))}
      </ol>
      <AddRowButton count={fields.length} max={max} onAdd={onAdd}>
        {addText}
      </AddRowButton>
    </Fieldset>
  );
}

export const RowsFieldset = memo(RowsFieldsetInner) as typeof RowsFieldsetInner;
