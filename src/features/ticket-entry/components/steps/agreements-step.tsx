/** Step 2: one or more agreements, each a full Agreement (type, name, business id, engaged organization) or a reference. */
import { memo } from 'react';
import { useWatch } from 'react-hook-form';
import { useWords } from '../../../../components/form/use-words';
import { RemoveRowButton } from '../../../../components/form/row-controls';
import { agreementTypes } from '../../../../domain/agreement';
import { emptyAgreement, type EntryValues } from '../../model/form-values';
import { limitsOf } from '../../model/row-limits';
import { RadiosField, TextField } from '../bound-fields';
import { RowsFieldset, type RowProps } from '../rows-fieldset';

const AgreementRow = memo(function AgreementRow({ index, canRemove, onRemove }: RowProps) {
  const t = useWords();
  const kind = useWatch<EntryValues, `agreement.${number}.@type`>({ name: `agreement.${index}.@type` });
  const row = t('entry.row.agreement', { n: index + 1 });
  const kinds = (['Agreement', 'AgreementRef'] as const).map((value) => ({ value, label: t(`entry.option.agreementKind.${value}`) }));
  const types = agreementTypes.map((value) => ({ value, label: t(`entry.option.agreementType.${value}`) }));
  return (
    <section className="entry-row" aria-label={row}>
      <div className="entry-row__head">
        <h3 className="entry-row__title">{row}</h3>
        {canRemove ? <RemoveRowButton what={row} onRemove={() => onRemove(index)} /> : null}
      </div>
      <RadiosField name={`agreement.${index}.@type`} options={kinds} />
      {kind === 'Agreement' ? (
        <>
          <RadiosField name={`agreement.${index}.agreementType`} options={types} />
          <TextField name={`agreement.${index}.name`} />
          <TextField name={`agreement.${index}.businessId`} width={30} />
          <TextField name={`agreement.${index}.engagedParty.0.businessId`} optional width={10} />
        </>
      ) : null}
      {kind === 'AgreementRef' ? <TextField name={`agreement.${index}.id`} width={30} /> : null}
    </section>
  );
});

export function AgreementsStep() {
  const t = useWords();
  const ticketType = useWatch<EntryValues, 'ticketType'>({ name: 'ticketType' });
  const { min, max } = limitsOf(ticketType, 'agreement');
  return (
    <RowsFieldset
      name="agreement"
      legend={t('entry.label.agreement')}
      hint={t('entry.hint.agreementsFault')}
      min={min}
      max={max}
      rowSize={20}
      Row={AgreementRow}
      emptyRow={emptyAgreement}
      firstField={(index) => `agreement.${index}.@type`}
      rowName={(index) => t('entry.row.agreement', { n: index + 1 })}
      addText={t('entry.add.agreement')}
      noneText=""
    />
  );
}
