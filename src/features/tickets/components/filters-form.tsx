/**
 * The ticket filters: statuses and types (checkboxes), category, external id, severity, priority, channel, creation
 * days; applied on submit.
 */
import { useId, useLayoutEffect, useRef, useState, type FormEvent, type MouseEvent } from 'react';
import { useTranslation } from '../../../lib/i18n/react';
import { Link, type To } from 'react-router-dom';
import type { FilterValues } from '../../../components/data-table/list-state';
import { statusLabel } from '../../../components/status-badge';
import { ticketStatuses, ticketTypes } from '../../../domain/ticket';
import { ticketListDefinition, type TicketFilters } from '../api/list-definition';
import '../ticket-list-words';

type Draft = {
  status: readonly string[];
  ticketType: readonly string[];
  categoryId: string;
  externalId: string;
  severity: string;
  priority: string;
  channel: string;
  createdFrom: string;
  createdTo: string;
};

/** The free-text filters, each one input with a hint and a length bound. */
const textFilters = ['categoryId', 'externalId', 'severity', 'priority', 'channel'] as const;
type TextFilter = (typeof textFilters)[number];
type FieldName = TextFilter | 'createdTo';
type FieldError = { field: FieldName; message: string };

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
    categoryId: filters.categoryId ?? '',
    externalId: filters.externalId ?? '',
    severity: filters.severity ?? '',
    priority: filters.priority ?? '',
    channel: filters.channel ?? '',
    createdFrom: filters.createdFrom ?? '',
    createdTo: filters.createdTo ?? '',
  };
}

function toggled(values: readonly string[], value: string, on: boolean): string[] {
  return on ? [...values.filter((v) => v !== value), value] : values.filter((v) => v !== value);
}

/** Checkboxes in a fieldset: one group of several choices, named by its legend. */
function CheckboxGroup({
  legend,
  options,
  chosen,
  label,
  onChange,
}: {
  legend: string;
  options: readonly string[];
  chosen: readonly string[];
  label: (option: string) => string;
  onChange: (chosen: string[]) => void;
}) {
  const id = useId();
  return (
    <fieldset className="list-checkboxes">
      <legend>{legend}</legend>
      <div className="list-checkboxes__items">
        {options.map((option) => (
          <div key={option} className="list-checkbox">
            <input
              type="checkbox"
              id={`${id}-${option}`}
              value={option}
              checked={chosen.includes(option)}
              onChange={(event) => onChange(toggled(chosen, option, event.target.checked))}
            />
            <label htmlFor={`${id}-${option}`}>{label(option)}</label>
          </div>
        ))}
      </div>
    </fieldset>
  );
}

export function FiltersForm({ filters, onApply, clearTo }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const summary = useRef<HTMLDivElement>(null);
  const [draft, setDraft] = useState<Draft>(() => draftOf(filters));
  const [errors, setErrors] = useState<FieldError[]>([]);
  const set = (patch: Partial<Draft>) => setDraft((current) => ({ ...current, ...patch }));
  const fieldId = (field: FieldName) => `${id}-${field}`;
  const errorOf = (field: FieldName) => errors.find((error) => error.field === field)?.message;

  const validate = (): FieldError[] => {
    const found: FieldError[] = [];
    const tooLong = (field: TextFilter) => {
      const { maxLength } = ticketListDefinition.filters[field];
      if ([...draft[field].trim()].length > maxLength) {
        found.push({ field, message: t('tickets.filters.tooLong', { field: t(`tickets.filters.${field}`), max: maxLength }) });
      }
    };
    for (const field of textFilters) tooLong(field);
    // Dates from the date inputs are YYYY-MM-DD, so their text order is their calendar order.
    if (draft.createdFrom && draft.createdTo && draft.createdTo < draft.createdFrom) {
      found.push({ field: 'createdTo', message: t('tickets.filters.toBeforeFrom') });
    }
    return found;
  };

  // GOV.UK manners: after a failed submit the summary takes focus and links to each field; nothing is sent yet.
  useLayoutEffect(() => {
    if (errors.length) summary.current?.focus();
  }, [errors]);

  /** The summary's links focus their field without adding "#id" to the address (the router would keep it). */
  const focusField = (event: MouseEvent<HTMLAnchorElement>, field: FieldName) => {
    const input = document.getElementById(fieldId(field));
    if (!input) return;
    event.preventDefault();
    input.focus();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    if (found.length) return;
    onApply({
      status: draft.status,
      ticketType: draft.ticketType,
      categoryId: draft.categoryId,
      externalId: draft.externalId,
      severity: draft.severity,
      priority: draft.priority,
      channel: draft.channel,
      createdFrom: draft.createdFrom,
      createdTo: draft.createdTo,
    });
  };

  const active = Object.values(filters).some((value) => value !== undefined);

  const textField = (field: TextFilter) => {
    const error = errorOf(field);
    return (
      <div className={`ticket-filters__field${error ? ' ticket-filters__field--error' : ''}`}>
        <label htmlFor={fieldId(field)} className="ticket-filters__label">
          {t(`tickets.filters.${field}`)}
        </label>
        <p id={`${fieldId(field)}-hint`} className="hint ticket-filters__hint">
          {t(`tickets.filters.${field}Hint`)}
        </p>
        {error ? (
          <p id={`${fieldId(field)}-error`} className="ticket-filters__error">
            <span className="visually-hidden">{t('tickets.filters.error')}</span>{' '}
            {error}
          </p>
        ) : null}
        <input
          id={fieldId(field)}
          type="text"
          className="ticket-filters__input"
          spellCheck={false}
          autoComplete="off"
          value={draft[field]}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${fieldId(field)}-hint${error ? ` ${fieldId(field)}-error` : ''}`}
          onChange={(event) => set({ [field]: event.target.value })}
        />
      </div>
    );
  };

  const toError = errorOf('createdTo');
  return (
    <form className="ticket-filters" aria-labelledby={`${id}-title`} noValidate onSubmit={submit}>
      <h2 id={`${id}-title`}>{t('tickets.filters.title')}</h2>
      {errors.length ? (
        <div className="ticket-filters__summary" role="region" ref={summary} tabIndex={-1} aria-labelledby={`${id}-summary`}>
          <h3 id={`${id}-summary`}>{t('tickets.filters.errorSummary')}</h3>
          <ul>
            {errors.map((error) => (
              <li key={error.field}>
                <a href={`#${fieldId(error.field)}`} onClick={(event) => focusField(event, error.field)}>
                  {error.message}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="ticket-filters__grid">
        <div className="ticket-filters__wide">
          <CheckboxGroup
            legend={t('tickets.filters.status')}
            options={ticketStatuses}
            chosen={draft.status}
            label={(status) => statusLabel(status, t)}
            onChange={(status) => set({ status })}
          />
        </div>
        <CheckboxGroup
          legend={t('tickets.filters.ticketType')}
          options={ticketTypes}
          chosen={draft.ticketType}
          label={(type) => t(`ticketType.${type}`)}
          onChange={(ticketType) => set({ ticketType })}
        />
        {textField('categoryId')}
        {textField('externalId')}
        {textField('severity')}
        {textField('priority')}
        {textField('channel')}
        <fieldset className="ticket-filters__dates" aria-describedby={`${id}-created-hint`}>
          <legend className="ticket-filters__label">{t('tickets.filters.created')}</legend>
          <p id={`${id}-created-hint`} className="hint ticket-filters__hint">
            {t('tickets.filters.createdHint')}
          </p>
          {toError ? (
            <p id={`${fieldId('createdTo')}-error`} className="ticket-filters__error">
              <span className="visually-hidden">{t('tickets.filters.error')}</span>{' '}
              {toError}
            </p>
          ) : null}
          <div className="ticket-filters__date-pair">
            <div className="ticket-filters__field">
              <label htmlFor={`${id}-createdFrom`}>{t('tickets.filters.createdFrom')}</label>
              <input
                id={`${id}-createdFrom`}
                type="date"
                className="ticket-filters__input"
                value={draft.createdFrom}
                onChange={(event) => set({ createdFrom: event.target.value })}
              />
            </div>
            <div className={`ticket-filters__field${toError ? ' ticket-filters__field--error' : ''}`}>
              <label htmlFor={fieldId('createdTo')}>{t('tickets.filters.createdTo')}</label>
              <input
                id={fieldId('createdTo')}
                type="date"
                className="ticket-filters__input"
                value={draft.createdTo}
                aria-invalid={toError ? true : undefined}
                aria-describedby={toError ? `${fieldId('createdTo')}-error` : undefined}
                onChange={(event) => set({ createdTo: event.target.value })}
              />
            </div>
          </div>
        </fieldset>
      </div>
      <div className="ticket-filters__actions">
        <button type="submit" className="button">
          {t('tickets.filters.apply')}
        </button>
        {active ? <Link to={clearTo}>{t('tickets.filters.clear')}</Link> : null}
      </div>
    </form>
  );
}
