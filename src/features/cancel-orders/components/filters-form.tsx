/** The cancellation filters: states (checkboxes) and one product order; applied together on submit. */
import { useState, type FormEvent } from 'react';
import { useWords } from '../../../lib/i18n/react';
import { Link, type To } from 'react-router-dom';
import { Checkbox, Checkboxes } from '../../../components/form/checkbox';
import { TextInput } from '../../../components/form/text-input';
import type { FilterValues } from '../../../components/data-table/list-state';
import { statusLabel } from '../../../components/status-badge';
import { cancelOrderStates } from '../../../domain/cancel-order';
import { PRODUCT_ORDER_ID_FILTER_MAX, type CancelOrderFilters } from '../model/list-definition';

type Props = {
  filters: FilterValues<CancelOrderFilters>;
  onApply: (filters: FilterValues<CancelOrderFilters>) => void;
  /** The same list without filters; offered only while a filter is set. */
  clearTo: To;
};

export function FiltersForm({ filters, onApply, clearTo }: Props) {
  const t = useWords();
  const [states, setStates] = useState<readonly string[]>(filters.state ?? []);
  const [productOrderId, setProductOrderId] = useState(filters.productOrderId ?? '');
  const [error, setError] = useState<string | undefined>();
  const filtered = Object.keys(filters).length > 0;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const id = productOrderId.trim();
    if ([...id].length > PRODUCT_ORDER_ID_FILTER_MAX) {
      setError(t('cancel.list.productOrderIdTooLong', { max: PRODUCT_ORDER_ID_FILTER_MAX }));
      return;
    }
    setError(undefined);
    // Definition order, so the same choice always makes the same address.
    onApply({ state: cancelOrderStates.filter((s) => states.includes(s)), productOrderId: id });
  };

  return (
    <form className="cancel-filters" onSubmit={submit} noValidate aria-label={t('cancel.list.filters')}>
      <Checkboxes id="filter-state" legend={t('cancel.list.stateLegend')}>
        {cancelOrderStates.map((state, i) => (
          <Checkbox
            key={state}
            name="state"
            id={i === 0 ? 'filter-state' : `filter-state-${state}`}
            value={state}
            label={statusLabel(state, t)}
            checked={states.includes(state)}
            onChange={(event) =>
              setStates((current) => (event.target.checked ? [...current, state] : current.filter((s) => s !== state)))
            }
          />
        ))}
      </Checkboxes>
      <TextInput
        name="productOrderId"
        label={t('cancel.fields.productOrderId')}
        hint={t('cancel.list.productOrderIdHint')}
        optional
        width={20}
        spellCheck={false}
        autoComplete="off"
        error={error}
        value={productOrderId}
        onChange={(event) => setProductOrderId(event.target.value)}
      />
      <div className="button-group">
        <button type="submit" className="button button--secondary">
          {t('cancel.list.apply')}
        </button>
        {filtered ? <Link to={clearTo}>{t('cancel.list.clear')}</Link> : null}
      </div>
    </form>
  );
}
