/**
 * A list of rows in one fieldset (contacts, agreements, questions …): its own error ("at least 2 needed") at the
 * list, the minimum rows always shown, "Add" only while the list may grow, "Remove" only above the minimum. Rows are
 * memoised components keyed by useFieldArray's id, so adding one row does not re-render the other 98.
 */
import { memo, useCallback, useEffect, useRef, type ComponentType, type CSSProperties, type ReactNode } from 'react';
import type { TFunction } from '../../../lib/i18n/translator';
import { useFieldArray, useWatch, type FieldArray } from 'react-hook-form';
import { knownKey, type MessageKey } from '../../../lib/i18n/keys';
import { useWords } from '../../../lib/i18n/react';
import { Fieldset } from '../../../components/form/fieldset';
import { fieldId } from '../../../components/form/field-id';
import { AddRowButton, RemoveRowButton } from '../../../components/form/row-controls';
import type { TicketType } from '../../../domain/ticket';
import { errorText } from '../model/error-words';
import type { EntryValues } from '../model/form-values';
import { limitsOf, type RowList } from '../model/row-limits';
import { useEntryActions } from '../hooks/entry-context';
import { useErrorAt } from '../hooks/field-errors';

export type RowProps = { index: number; canRemove: boolean; onRemove: (index: number) => void };

type Props<N extends RowList> = {
  /** The list; its words follow the catalogue's convention: entry.label.<list>, entry.row.<list>, entry.add.<list>, entry.none.<list>. */
  list: N;
  /** Catalogue key of the hint, or one per ticket type (before a type is chosen, the dispute's, as limitsOf). Keep a pair constant: the list is memoised. */
  hint: MessageKey | Readonly<Record<TicketType, MessageKey>>;
  Row: ComponentType<RowProps>;
  emptyRow: () => FieldArray<EntryValues, N>;
  /** The field of a row that takes focus when the row is added: "role" for relatedParty.3.role. */
  firstField: string;
  legendHeading?: 'h2' | 'h3' | 'h4';
  /**
   * About how tall a row is (rem), for rows the browser has not rendered yet (entry.css: content-visibility). Close
   * estimates keep the scroll position steady while rows come into view.
   */
  rowSize?: number;
};

/** A row's name, its heading and its name in announcements: "Contact 3". */
const rowTitle = (t: TFunction, list: RowList, index: number) => t(`entry.row.${list}`, { n: index + 1 });

/** The list's own error (too few, too many), re-rendered only when it changes. */
function useListError(name: string): string | undefined {
  const t = useWords();
  return errorText(name, useErrorAt(`${name}.root`), t);
}

function RowsFieldsetInner<N extends RowList>(props: Props<N>) {
  const { list, hint, Row, emptyRow, firstField, legendHeading, rowSize = 12 } = props;
  const { fields, append, remove } = useFieldArray<EntryValues, N>({ name: list });
  const ticketType = useWatch<EntryValues, 'ticketType'>({ name: 'ticketType' });
  const { min, max } = limitsOf(ticketType, list);
  const t = useWords();
  const { changed, announce } = useEntryActions();
  const error = useListError(list);

  // useFieldArray's functions change every render; the rows get one stable onRemove, so memo keeps them still.
  const latest = useRef({ remove, t });
  useEffect(() => {
    latest.current = { remove, t };
  });
  const onRemove = useCallback(
    (index: number) => {
      const { remove: removeRow, t: words } = latest.current;
      removeRow(index);
      announce(words('entry.removed', { row: rowTitle(words, list, index) }));
      changed();
      // The pressed button is gone: focus the list, whose legend says where the agent is.
      document.getElementById(fieldId(list))?.focus();
    },
    [announce, changed, list],
  );

  const onAdd = () => {
    const index = fields.length;
    append(emptyRow(), { focusName: `${list}.${index}.${firstField}` });
    announce(t('entry.added', { row: rowTitle(t, list, index) }));
    changed();
  };

  const hintKey = typeof hint === 'string' ? hint : hint[ticketType === 'fault' ? 'fault' : 'dispute'];
  const canRemove = fields.length > min;
  return (
    <Fieldset
      id={fieldId(list)}
      legend={t(`entry.label.${list}`)}
      legendSize={legendHeading ? 'medium' : 'small'}
      legendHeading={legendHeading}
      hint={t(hintKey)}
      error={error}
    >
      {/* A list whose minimum is at least 1 (agreements) has no "none yet" words: it is never empty. */}
      {fields.length === 0 ? <p className="entry-none">{t(knownKey(t, 'entry.none', list) ?? [], { defaultValue: '' })}</p> : null}
      <ol className="entry-rows" style={{ '--entry-row-size': `${rowSize}rem` } as CSSProperties}>
        {fields.map((field, index) => (
          <li key={field.id} className="entry-rows__item">
            <Row index={index} canRemove={canRemove} onRemove={onRemove} />
          </li>
        ))}
      </ol>
      <AddRowButton count={fields.length} max={max} onAdd={onAdd}>
        {t(`entry.add.${list}`)}
      </AddRowButton>
    </Fieldset>
  );
}

export const RowsFieldset = memo(RowsFieldsetInner) as typeof RowsFieldsetInner;

type RowSectionProps = RowProps & { list: RowList; children: ReactNode };

/** One row of a list as a titled section ("Contact 3") with its Remove button while the list is above its minimum. */
export function RowSection({ list, index, canRemove, onRemove, children }: RowSectionProps) {
  const t = useWords();
  const title = rowTitle(t, list, index);
  return (
    <section className="entry-row" aria-label={title}>
      <div className="entry-row__head">
        <h3 className="entry-row__title">{title}</h3>
        {canRemove ? <RemoveRowButton what={title} onRemove={() => onRemove(index)} /> : null}
      </div>
      {children}
    </section>
  );
}
