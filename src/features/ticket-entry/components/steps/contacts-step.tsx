/** Step 3: related parties (2–99 for a fault, 0–99 for a dispute): role, individual or organization, contact media. */
import { memo } from 'react';
import { useWatch } from 'react-hook-form';
import { useWords } from '../../../../components/form/use-words';
import { RemoveRowButton } from '../../../../components/form/row-controls';
import { relatedPartyRoles } from '../../../../domain/party';
import { emptyParty, type EntryValues } from '../../model/form-values';
import { limitsOf } from '../../model/row-limits';
import { RadiosField, SelectField, TextField } from '../bound-fields';
import { RowsFieldset, type RowProps } from '../rows-fieldset';
import { ContactMedia } from './contact-media';

const ContactRow = memo(function ContactRow({ index, canRemove, onRemove }: RowProps) {
  const t = useWords();
  const base = `relatedParty.${index}` as const;
  const kind = useWatch<EntryValues, `relatedParty.${number}.partyOrPartyRole.@type`>({ name: `${base}.partyOrPartyRole.@type` });
  const row = t('entry.row.relatedParty', { n: index + 1 });
  const roles = relatedPartyRoles.map((value) => ({ value, label: t(`entry.option.partyRole.${value}`) }));
  const kinds = (['Individual', 'Organization'] as const).map((value) => ({ value, label: t(`entry.option.partyKind.${value}`) }));
  return (
    <section className="entry-row" aria-label={row}>
      <div className="entry-row__head">
        <h3 className="entry-row__title">{row}</h3>
        {canRemove ? <RemoveRowButton what={row} onRemove={() => onRemove(index)} /> : null}
      </div>
      <SelectField name={`${base}.role`} options={roles} emptyOption={t('entry.option.chooseRole')} />
      <RadiosField name={`${base}.partyOrPartyRole.@type`} options={kinds} inline />
      {kind === 'Individual' ? (
        <div className="entry-grid">
          <TextField name={`${base}.partyOrPartyRole.familyName`} autoComplete="off" />
          <TextField name={`${base}.partyOrPartyRole.givenName`} optional />
          <TextField name={`${base}.partyOrPartyRole.salutation`} optional width={10} />
          <TextField name={`${base}.partyOrPartyRole.title`} optional width={10} />
        </div>
      ) : null}
      {kind === 'Organization' ? <TextField name={`${base}.partyOrPartyRole.name`} /> : null}
      <ContactMedia party={index} />
    </section>
  );
});

export function ContactsStep() {
  const t = useWords();
  const ticketType = useWatch<EntryValues, 'ticketType'>({ name: 'ticketType' });
  const { min, max } = limitsOf(ticketType, 'relatedParty');
  return (
    <RowsFieldset
      name="relatedParty"
      legend={t('entry.label.relatedParty')}
      hint={t(ticketType === 'fault' ? 'entry.hint.contactsFault' : 'entry.hint.contactsDispute')}
      min={min}
      max={max}
      rowSize={60}
      Row={ContactRow}
      emptyRow={emptyParty}
      firstField={(index) => `relatedParty.${index}.role`}
      rowName={(index) => t('entry.row.relatedParty', { n: index + 1 })}
      addText={t('entry.add.relatedParty')}
      noneText={t('entry.none.relatedParty')}
    />
  );
}
