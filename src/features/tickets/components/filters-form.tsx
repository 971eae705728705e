/**
 * The ticket filters as one compact bar (decision 0035): status, ticket type, external id and "overdue only" inline,
 * the plain fields' filters (src/domain/ticket-fields.ts `filter`), channel and creation days behind "More filters";
 * built from the shared form pieces, applied together on submit.
 */
import { useState, type FormEvent } from 'react';
import { wordsOrValue } from '../../../lib/i18n/keys';
import { useWords } from '../../../lib/i18n/react';
import { Link, type To } from 'react-router-dom';
import type { FilterValues } from '../../../components/data-table/list-state';
import { FilterMenu, FilterMore } from '../../../components/data-table/filter-menu';
import { Checkbox } from '../../../components/form/checkbox';
import { ErrorSummary, type ErrorSummaryItem } from '../../../components/form/error-summary';
import { Field } from '../../../components/form/field';
import { describedBy, fieldId } from '../../../components/form/field-id';
import { TextInput } from '../../../components/form/text-input';
import { statusLabel } from '../../../components/status-badge';
import { ticketStatuses, ticketTypes } from '../../../domain/ticket';
import { isTicketField, ticketFields } from '../../../domain/ticket-fields';
import { fieldLabel } from '../../../lib/field-text';
import type { TFunction } from '../../../lib/i18n/translator';
import { textFilterNames, ticketListDefinition, type TextFilterName, type TicketFilters } from '../model/list-definition';
import '../tickets-section';

type Draft = {
  status: readonly string[];
  ticketType: readonly string[];
  due: readonly string[];
  createdFrom: string;
  createdTo: string;
} & Record<TextFilterName, string>;

/** Behind "More filters": the plain fields' and the channel's (the external id is in the bar). */
export const moreTextFilters = textFilterNames.filter((name) => name !== 'externalId');
type FieldName = TextFilterName | 'createdTo';

type Props = {
  filters: FilterValues<TicketFilters>;
  onApply: (filters: FilterValues<TicketFilters>) => void;
  /** The same list without filters; shown as a link only while some filter is set. */
  clearTo: To;
};

function draftOf(filters: FilterValues<TicketFilters>): Draft {
  return {
    status: filters.status ?? [],
    ticketType: filters.ticketType ?? [],
    due: filters.due ?? [],
    ...(Object.fromEntries(textFilterNames.map((name) => [name, filters[name] ?? ''])) as Record<TextFilterName, string>),
    createdFrom: filters.createdFrom ?? '',
    createdTo: filters.createdTo ?? '',
  };
}

/** Fields that live behind "More filters": an error there opens it. */
const moreFields: readonly FieldName[] = [...moreTextFilters, 'createdTo'];

/** A text filter's label: a plain field's is its table's. */
export function textFilterLabel(t: TFunction, name: TextFilterName): string {
  return isTicketField(name) ? fieldLabel(t, name) : t(`tickets.filters.${name}`);
}

/** The help under a text filter's label. */
function textFilterHint(t: TFunction, name: Exclude<TextFilterName, 'externalId'>): string {
  return isTicketField(name) ? t(ticketFields[name].filter.hint) : t('tickets.filters.channelHint');
}

export function FiltersForm({ filters, onApply, clearTo }: Props) {
  const t = useWords();
  const [draft, setDraft] = useState<Draft>(() => draftOf(filters));
  const [errors, setErrors] = useState<ErrorSummaryItem[]>([]);
  const [attempt, setAttempt] = useState(0);
  // Open from the start when one of its filters is set, so what is applied can be seen where it is changed.
  const [moreOpen, setMoreOpen] = useState(
    () => [...moreTextFilters, 'createdFrom' as const, 'createdTo' as const].some((name) => !!filters[name]),
  );
  const set = (patch: Partial<Draft>) => setDraft((current) => ({ ...current, ...patch }));
  const errorOf = (field: FieldName) => errors.find((error) => error.key === field)?.text;

  const validate = (): ErrorSummaryItem[] => {
    const found: ErrorSummaryItem[] = [];
    const tooLong = (field: TextFilterName) => {
      const { maxLength } = ticketListDefinition.filters[field];
      if ([...draft[field].trim()].length > maxLength) {
        const text = t('tickets.filters.tooLong', { field: textFilterLabel(t, field), max: maxLength });
        found.push({ key: field, text, target: field });
      }
    };
    for (const field of textFilterNames) tooLong(field);
    // Dates from the date inputs are YYYY-MM-DD, so their text order is their calendar order.
    if (draft.createdFrom && draft.createdTo && draft.createdTo < draft.createdFrom) {
      found.push({ key: 'createdTo', text: t('tickets.filters.toBeforeFrom'), target: 'createdTo' });
    }
    return found;
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    setAttempt((n) => n + 1);
    if (found.some((error) => moreFields.includes(error.key as FieldName))) setMoreOpen(true);
    if (found.length) return;
    // Definition order, so the same choice always makes the same address.
    onApply({
      status: ticketStatuses.filter((status) => draft.status.includes(status)),
      ticketType: ticketTypes.filter((type) => draft.ticketType.includes(type)),
      due: draft.due,
      ...Object.fromEntries(textFilterNames.map((name) => [name, draft[name]])),
      createdFrom: draft.createdFrom,
      createdTo: draft.createdTo,
    });
  };

  const active = Object.values(filters).some((value) => value !== undefined);
  const toError = errorOf('createdTo');
  return (
    <form className="ticket-filters list-filters" aria-labelledby="ticket-filters-title" noValidate onSubmit={submit}>
      <h2 id="ticket-filters-title" className="visually-hidden">
        {t('tickets.filters.title')}
      </h2>
      {errors.length ? <ErrorSummary items={errors} focusKey={attempt} /> : null}
      <div className="ticket-filters__bar list-filters__bar">
        <FilterMenu
          id={fieldId('status')}
          legend={t('tickets.filters.status')}
          options={ticketStatuses}
          chosen={draft.status}
          label={(status) => statusLabel(status, t)}
          onChange={(status) => set({ status })}
        />
        <FilterMenu
          id={fieldId('ticketType')}
          legend={t('tickets.filters.ticketType')}
          options={ticketTypes}
          chosen={draft.ticketType}
          label={(type) => wordsOrValue(t, 'ticketType', type)}
          onChange={(ticketType) => set({ ticketType })}
        />
        <TextInput
          name="externalId"
          className="ticket-filters__external"
          label={t('tickets.filters.externalId')}
          spellCheck={false}
          autoComplete="off"
          value={draft.externalId}
          error={errorOf('externalId')}
          onChange={(event) => set({ externalId: event.target.value })}
        />
        <Checkbox
          name="due"
          className="ticket-filters__due"
          value="overdue"
          label={t('filterBar.overdueOnly')}
          checked={draft.due.includes('overdue')}
          onChange={(event) => set({ due: event.target.checked ? ['overdue'] : [] })}
        />
        <FilterMore summary={t('filterBar.more')} open={moreOpen} onToggle={setMoreOpen}>
          {moreTextFilters.map((field) => (
            <TextInput
              key={field}
              name={field}
              label={textFilterLabel(t, field)}
              hint={textFilterHint(t, field)}
              width={10}
              spellCheck={false}
              autoComplete="off"
              value={draft[field]}
              error={errorOf(field)}
              onChange={(event) => set({ [field]: event.target.value })}
            />
          ))}
          <fieldset className="form-fieldset ticket-filters__dates" aria-describedby="ticket-filters-created-hint">
            <legend className="form-legend form-legend--plain">{t('tickets.filters.created')}</legend>
            <p id="ticket-filters-created-hint" className="form-hint">
              {t('tickets.filters.createdHint')}
            </p>
            <div className="ticket-filters__date-pair">
              <Field id={fieldId('createdFrom')} label={t('tickets.filters.createdFrom')}>
                <input
                  id={fieldId('createdFrom')}
                  type="date"
                  className="form-input"
                  value={draft.createdFrom}
                  onChange={(event) => set({ createdFrom: event.target.value })}
                />
              </Field>
              <Field id={fieldId('createdTo')} label={t('tickets.filters.createdTo')} error={toError}>
                <input
                  id={fieldId('createdTo')}
                  type="date"
                  className={toError ? 'form-input form-input--error' : 'form-input'}
                  value={draft.createdTo}
                  aria-invalid={toError ? true : undefined}
                  aria-describedby={describedBy(fieldId('createdTo'), { error: toError })}
                  onChange={(event) => set({ createdTo: event.target.value })}
                />
              </Field>
            </div>
          </fieldset>
        </FilterMore>
        <div className="list-filters__actions">
          <button type="submit" className="button button--secondary">
            {t('tickets.filters.apply')}
          </button>
          {active ? <Link to={clearTo}>{t('tickets.filters.clear')}</Link> : null}
        </div>
      </div>
    </form>
  );
}
