/** Step 3: related parties (2–99 for a fault, 0–99 for a dispute): role, individual or organization, contact media. */
import { memo } from 'react';
import { useWatch } from 'react-hook-form';
import { useWords } from '../../../../lib/i18n/react';
import { relatedPartyRoles } from '../../../../domain/party';
import { emptyParty, type EntryValues } from '../../model/form-values';
import { RadiosField, SelectField, TextField } from '../bound-fields';
import { RowSection, RowsFieldset, type RowProps } from '../rows-fieldset';
import { ContactMedia } from './contact-media';

const ContactRow = memo(function ContactRow(props: RowProps) {
  const t = useWords();
  const { index } = props;
  const base = `relatedParty.${index}` as const;
  const kind = useWatch<EntryValues, `relatedParty.${number}.partyOrPartyRole.@type`>({ name: `${base}.partyOrPartyRole.@type` });
  const roles = relatedPartyRoles.map((value) => ({ value, label: t(`entry.option.partyRole.${value}`) }));
  const kinds = (['Individual', 'Organization'] as const).map((value) => ({ value, label: t(`entry.option.partyKind.${value}`) }));
  return (
    <RowSection list="relatedParty" {...props}>
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
    </RowSection>
  );
});

const hint = { fault: 'entry.hint.contactsFault', dispute: 'entry.hint.contactsDispute' } as const;

export function ContactsStep() {
  return <RowsFieldset list="relatedParty" hint={hint} rowSize={60} Row={ContactRow} emptyRow={emptyParty} firstField="role" />;
}
