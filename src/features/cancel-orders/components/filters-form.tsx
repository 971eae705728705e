/** The cancellation filters of the field table (states as checkboxes, one product order); applied together on submit. */
import { useState, type FormEvent } from 'react';
import { useWords } from '../../../lib/i18n/react';
import { Link, type To } from 'react-router-dom';
import { Checkbox, Checkboxes } from '../../../components/form/checkbox';
import { TextInput } from '../../../components/form/text-input';
import type { FilterValues } from '../../../components/data-table/list-state';
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

export function FiltersForm({ filters: applied, onApply, clearTo }: Props) {
  const t = useWords();
  const [values, setValues] = useState<Values>(applied);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const filtered = Object.keys(applied).length > 0;
  const set = (param: string, value: Values[string]) => setValues((current) => ({ ...current, [param]: value }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next: Values = {};
    const found: Record<string, string> = {};
    for (const { key, param, filter } of cancelOrderFilterParams) {
      const value = values[param];
      if (filter.kind === 'multi') {
        // Definition order, so the same choice always makes the same address.
        next[param] = filter.options.filter((option) => (value as readonly string[] | undefined)?.includes(option));
        continue;
      }
      const text = typeof value === 'string' ? value.trim() : '';
      if ([...text].length > filter.maxLength) found[param] = t('validation.tooLong', { field: t(cancelOrderFields[key].label), max: filter.maxLength });
      next[param] = text;
    }
    setErrors(found);
    if (Object.keys(found).length === 0) onApply(next as FilterValues<CancelOrderFilters>);
  };

  return (
    <form className="cancel-filters" onSubmit={submit} noValidate aria-label={t('cancel.list.filters')}>
      {cancelOrderFilterParams.map(({ key, param, filter }) => {
        const field = fieldOf(key);
        const value = values[param];
        if (filter.kind === 'multi') {
          const chosen = (value as readonly string[] | undefined) ?? [];
          return (
            <Checkboxes key={param} id={`filter-${param}`} legend={t(cancelOrderFields[key].label)}>
              {filter.options.map((option, i) => (
                <Checkbox
                  key={option}
                  name={param}
                  id={i === 0 ? `filter-${param}` : `filter-${param}-${option}`}
                  value={option}
                  label={field.show === 'state' ? statusLabel(option, t) : option}
                  checked={chosen.includes(option)}
                  onChange={(event) =>
                    set(param, event.target.checked ? [...chosen, option] : chosen.filter((o) => o !== option))
                  }
                />
              ))}
            </Checkboxes>
          );
        }
        return (
          <TextInput
            key={param}
            name={param}
            label={t(cancelOrderFields[key].label)}
            hint={t(filter.hint)}
            optional
            width={20}
            spellCheck={false}
            autoComplete="off"
            error={errors[param]}
            value={typeof value === 'string' ? value : ''}
            onChange={(event) => set(param, event.target.value)}
          />
        );
      })}
      <div className="button-group">
        <button type="submit" className="button button--secondary">
          {t('cancel.list.apply')}
        </button>
        {filtered ? <Link to={clearTo}>{t('cancel.list.clear')}</Link> : null}
      </div>
    </form>
  );
}
