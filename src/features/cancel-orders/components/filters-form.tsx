/**
 * The cancellation filters as one compact bar, the same as the ticket list's: a menu of checkboxes for each `multi`
 * filter of the field table (the states), one input for each text filter (the product order), applied together on
 * submit.
 */
import { useState, type FormEvent } from 'react';
import { Link, type To } from 'react-router-dom';
import { useWords } from '../../../lib/i18n/react';
import type { FilterValues } from '../../../components/data-table/list-state';
import { FilterMenu } from '../../../components/data-table/filter-menu';
import { ErrorSummary, type ErrorSummaryItem } from '../../../components/form/error-summary';
import { fieldId } from '../../../components/form/field-id';
import { TextInput } from '../../../components/form/text-input';
import { statusLabel } from '../../../components/status-badge';
import { cancelOrderFields, fieldOf } from '../../../domain/cancel-order-fields';
import { cancelOrderFilterParams, type CancelOrderFilters } from '../model/list-definition';

type Props = {
  filters: FilterValues<CancelOrderFilters>;
  onApply: (filters: FilterValues<CancelOrderFilters>) => void;
  /** The same list without filters; offered only while a filter is set. */
  clearTo: To;
};

type Values = Record<string, string | readonly string[] | undefined>;

/** The id of a filter's control (a menu's first checkbox), which the error summary's link and the chips' focus find. */
export const filterControlId = (param: string) => fieldId(`filter-${param}`);

export function FiltersForm({ filters: applied, onApply, clearTo }: Props) {
  const t = useWords();
  const [values, setValues] = useState<Values>(applied);
  const [errors, setErrors] = useState<ErrorSummaryItem[]>([]);
  const [attempt, setAttempt] = useState(0);
  const filtered = Object.keys(applied).length > 0;
  const set = (param: string, value: Values[string]) => setValues((current) => ({ ...current, [param]: value }));
  const errorOf = (param: string) => errors.find((error) => error.key === param)?.text;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next: Values = {};
    const found: ErrorSummaryItem[] = [];
    for (const { key, param, filter } of cancelOrderFilterParams) {
      const value = values[param];
      if (filter.kind === 'multi') {
        // Definition order, so the same choice always makes the same address.
        next[param] = filter.options.filter((option) => (value as readonly string[] | undefined)?.includes(option));
        continue;
      }
      const text = typeof value === 'string' ? value.trim() : '';
      if ([...text].length > filter.maxLength) {
        const words = t('validation.tooLong', { field: t(cancelOrderFields[key].label), max: filter.maxLength });
        found.push({ key: param, text: words, target: filterControlId(param) });
      }
      next[param] = text;
    }
    setErrors(found);
    setAttempt((n) => n + 1);
    if (found.length === 0) onApply(next as FilterValues<CancelOrderFilters>);
  };

  return (
    <form className="cancel-filters list-filters" onSubmit={submit} noValidate aria-label={t('cancel.list.filters')}>
      {errors.length ? <ErrorSummary items={errors} focusKey={attempt} /> : null}
      <div className="list-filters__bar">
        {cancelOrderFilterParams.map(({ key, param, filter }) => {
          const field = fieldOf(key);
          const value = values[param];
          const label = t(cancelOrderFields[key].label);
          if (filter.kind === 'multi') {
            return (
              <FilterMenu
                key={param}
                id={filterControlId(param)}
                legend={label}
                options={filter.options}
                chosen={(value as readonly string[] | undefined) ?? []}
                label={(option) => (field.show === 'state' ? statusLabel(option, t) : option)}
                onChange={(chosen) => set(param, chosen)}
              />
            );
          }
          return (
            <TextInput
              key={param}
              name={param}
              id={filterControlId(param)}
              label={label}
              hint={t(filter.hint)}
              className="cancel-filters__text"
              spellCheck={false}
              autoComplete="off"
              error={errorOf(param)}
              value={typeof value === 'string' ? value : ''}
              onChange={(event) => set(param, event.target.value)}
            />
          );
        })}
        <div className="list-filters__actions">
          <button type="submit" className="button button--secondary">
            {t('cancel.list.apply')}
          </button>
          {filtered ? <Link to={clearTo}>{t('cancel.list.clear')}</Link> : null}
        </div>
      </div>
    </form>
  );
}
