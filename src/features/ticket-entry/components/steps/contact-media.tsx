/**
 * The contact media of one contact: phone, email and postal rows (each kind with its own fields, chosen by the Add
 * button pressed), and "Copy from another contact" so nobody types an address twice (WCAG 3.3.7).
 */
import { memo, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { useWords } from '../../../../lib/i18n/react';
import { focusField } from '../../../../components/form/field-id';
import { RemoveRowButton } from '../../../../components/form/row-controls';
import { useEntryActions } from '../../hooks/entry-context';
import { emptyContactMedium, type ContactMediumType, type EntryValues } from '../../model/form-values';
import { CheckboxField, SelectField, TextField } from '../bound-fields';

const mediumTypes: readonly ContactMediumType[] = ['PhoneContactMedium', 'EmailContactMedium', 'PostalAddressContactMedium'];

type MediumProps = { party: number; index: number; type: ContactMediumType; onRemove: (index: number) => void };

/** The field of a new row that takes focus. */
const firstFieldOf = (type: ContactMediumType) =>
  type === 'PhoneContactMedium' ? 'contactType' : type === 'EmailContactMedium' ? 'emailAddress' : 'streetName';

const MediumRow = memo(function MediumRow({ party, index, type, onRemove }: MediumProps) {
  const t = useWords();
  const base = `relatedParty.${party}.partyOrPartyRole.contactMedium.${index}` as const;
  const row = `${t('entry.row.contactMedium', { n: index + 1 })}: ${t(`entry.medium.${type}`)}`;
  const what = `${t('entry.rowInner.contactMedium', { n: index + 1 })} (${t('entry.rowInner.relatedParty', { n: party + 1 })})`;
  const phoneTypes = (['fixed', 'mobile'] as const).map((value) => ({ value, label: t(`entry.option.phoneType.${value}`) }));
  return (
    <section className="entry-row entry-row--inner" aria-label={row}>
      <div className="entry-row__head">
        <h4 className="entry-row__title">{row}</h4>
        <RemoveRowButton what={what} onRemove={() => onRemove(index)} />
      </div>
      {type === 'PhoneContactMedium' ? (
        <div className="entry-grid">
          <SelectField name={`${base}.contactType`} options={phoneTypes} emptyOption={t('entry.option.chooseType')} />
          <TextField name={`${base}.phoneNumber`} type="tel" width={20} />
        </div>
      ) : null}
      {type === 'EmailContactMedium' ? <TextField name={`${base}.emailAddress`} type="email" /> : null}
      {type === 'PostalAddressContactMedium' ? (
        <div className="entry-grid">
          <TextField name={`${base}.streetName`} />
          <TextField name={`${base}.streetNr`} width={4} />
          <TextField name={`${base}.streetNrSuffix`} optional width={4} />
          <TextField name={`${base}.postcode`} width={10} />
          <TextField name={`${base}.city`} />
          <TextField name={`${base}.locality`} optional />
          <TextField name={`${base}.country`} optional width={4} />
        </div>
      ) : null}
      <CheckboxField name={`${base}.preferred`} />
    </section>
  );
});

/** Picks another contact and copies its contact media into this one (appended, so nothing typed is lost). */
function CopyFrom({ party, onCopy }: { party: number; onCopy: (from: number) => void }) {
  const t = useWords();
  const { getValues } = useFormContext<EntryValues>();
  const [open, setOpen] = useState(false);
  const [from, setFrom] = useState('');
  const selectId = useId();
  const opener = useRef<HTMLButtonElement>(null);
  const select = useRef<HTMLSelectElement>(null);

  // Opening moves focus into the panel; closing it brings focus back to the button that opened it.
  const wasOpen = useRef(false);
  useEffect(() => {
    if (open) select.current?.focus();
    else if (wasOpen.current) opener.current?.focus();
    wasOpen.current = open;
  }, [open]);

  if (!open) {
    return (
      <button type="button" ref={opener} className="button button--secondary entry-copy__open" onClick={() => setOpen(true)}>
        {t('entry.copy.open')}
      </button>
    );
  }
  // Names are read when the panel opens, not watched: 99 rows must not re-render while a name is typed.
  const others = getValues('relatedParty')
    .map((row, index) => ({ row, index }))
    .filter(({ index }) => index !== party);
  const close = () => {
    setOpen(false);
    setFrom('');
  };
  if (others.length === 0) return <p className="form-hint">{t('entry.copy.noOther')}</p>;
  return (
    <div className="entry-copy">
      <label htmlFor={selectId} className="form-label">
        {t('entry.copy.from')}
      </label>
      <div className="entry-copy__controls">
        <select id={selectId} ref={select} className="form-select" value={from} onChange={(event) => setFrom(event.target.value)}>
          {others.map(({ row, index }) => {
            const party = row.partyOrPartyRole;
            const name = (party['@type'] === 'Organization' ? party.name : [party.givenName, party.familyName].filter(Boolean).join(' ')) || t('entry.copy.unnamed');
            return (
              <option key={index} value={String(index)}>
                {`${t('entry.row.relatedParty', { n: index + 1 })}: ${name}`}
              </option>
            );
          })}
        </select>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            onCopy(Number(from || others[0]!.index));
            close();
          }}
        >
          {t('entry.copy.submit')}
        </button>
        <button type="button" className="button button--secondary" onClick={close}>
          {t('entry.copy.cancel')}
        </button>
      </div>
    </div>
  );
}

export const ContactMedia = memo(function ContactMedia({ party }: { party: number }) {
  const t = useWords();
  const name = `relatedParty.${party}.partyOrPartyRole.contactMedium` as const;
  const { getValues } = useFormContext<EntryValues>();
  const { fields, append, remove } = useFieldArray<EntryValues, typeof name>({ name });
  const { changed, announce } = useEntryActions();

  const latest = useRef(remove);
  useEffect(() => {
    latest.current = remove;
  });
  const onRemove = useCallback(
    (index: number) => {
      latest.current(index);
      announce(t('entry.removed', { row: t('entry.row.contactMedium', { n: index + 1 }) }));
      changed();
      document.getElementById(`contact-media-${party}`)?.focus();
    },
    [announce, changed, party, t],
  );

  const add = (type: ContactMediumType) => {
    append(emptyContactMedium(type), { focusName: `${name}.${fields.length}.${firstFieldOf(type)}` });
    announce(t('entry.added', { row: t('entry.row.contactMedium', { n: fields.length + 1 }) }));
    changed();
  };

  const copy = (from: number) => {
    const source = getValues(`relatedParty.${from}.partyOrPartyRole.contactMedium`);
    const fromName = t('entry.row.relatedParty', { n: from + 1 });
    if (source.length === 0) {
      announce(t('entry.copy.nothing', { from: fromName }));
      return;
    }
    const first = fields.length;
    append(structuredClone(source));
    announce(t('entry.copy.done', { count: source.length, from: fromName }));
    changed();
    // After React has rendered the copied rows.
    setTimeout(() => focusField(`${name}.${first}.${firstFieldOf(source[0]!['@type'])}`), 0);
  };

  return (
    <fieldset id={`contact-media-${party}`} tabIndex={-1} className="form-fieldset entry-media">
      <legend className="form-legend form-legend--small">{t('entry.label.relatedParty_partyOrPartyRole_contactMedium')}</legend>
      {fields.length === 0 ? <p className="entry-none">{t('entry.none.contactMedium')}</p> : null}
      {fields.map((field, index) => (
        <MediumRow key={field.id} party={party} index={index} type={field['@type']} onRemove={onRemove} />
      ))}
      <div className="entry-buttons">
        {mediumTypes.map((type) => (
          <button key={type} type="button" className="button button--secondary" onClick={() => add(type)}>
            {t(`entry.add.${type}`)}
          </button>
        ))}
      </div>
      <CopyFrom party={party} onCopy={copy} />
    </fieldset>
  );
});
