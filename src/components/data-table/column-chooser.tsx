/** The agent's choice of columns: checkboxes in a fieldset, applied together with one button (no change on input). */
import { useId, useRef, useState, type FormEvent } from 'react';
import { useWords } from '../../lib/i18n/react';
import { useDismiss } from '../use-dismiss';
import './data-table.css';
import './list-section';

type ChoosableColumn = { id: string; header: string };

type Props = {
  /** Every column, in table order. */
  columns: readonly ChoosableColumn[];
  /** Always shown; named in a hint rather than offered as a checkbox. */
  required: readonly string[];
  shown: readonly string[];
  onApply: (columns: string[]) => void;
};

function ChooserForm({ columns, required, shown, onApply }: Props) {
  const t = useWords();
  const id = useId();
  const [chosen, setChosen] = useState<ReadonlySet<string>>(() => new Set(shown));
  const optional = columns.filter((column) => !required.includes(column.id));
  const requiredHeaders = columns.filter((column) => required.includes(column.id)).map((column) => column.header);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onApply(columns.filter((column) => required.includes(column.id) || chosen.has(column.id)).map((column) => column.id));
  };

  const toggle = (column: string, on: boolean) => {
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(column);
      else next.delete(column);
      return next;
    });
  };

  return (
    <form className="column-chooser" onSubmit={submit}>
      <fieldset className="list-checkboxes" aria-describedby={requiredHeaders.length ? `${id}-hint` : undefined}>
        <legend>{t('list.columnsLegend')}</legend>
        {requiredHeaders.length ? (
          <p id={`${id}-hint`} className="hint">
            {t('list.columnsRequired', { columns: requiredHeaders.join(', ') })}
          </p>
        ) : null}
        <div className="list-checkboxes__items">
          {optional.map((column) => (
            <div key={column.id} className="list-checkbox">
              <input
                type="checkbox"
                id={`${id}-${column.id}`}
                name="column"
                value={column.id}
                checked={chosen.has(column.id)}
                onChange={(event) => toggle(column.id, event.target.checked)}
              />
              <label htmlFor={`${id}-${column.id}`}>{column.header}</label>
            </div>
          ))}
        </div>
      </fieldset>
      <button type="submit" className="button button--secondary">
        {t('list.applyColumns')}
      </button>
    </form>
  );
}

export function ColumnChooser(props: Props) {
  const t = useWords();
  const details = useRef<HTMLDetailsElement>(null);
  useDismiss(details);
  return (
    <details className="list-disclosure" ref={details}>
      <summary className="list-disclosure__summary">{t('list.columns')}</summary>
      <div className="list-disclosure__body">
        {/* A new choice from elsewhere (back button, a saved view) starts the checkboxes afresh. */}
        <ChooserForm
          key={props.shown.join(',')}
          {...props}
          onApply={(chosen) => {
            props.onApply(chosen);
            // It opens over the rows: once applied, it makes way for them (focus back on its summary).
            if (details.current) details.current.open = false;
            details.current?.querySelector('summary')?.focus();
          }}
        />
      </div>
    </details>
  );
}
