/** Step 2: one or more agreements, each a full Agreement (type, name, business id, engaged organization) or a reference. */
import { memo } from 'react';
import { useWatch } from 'react-hook-form';
import { useWords } from '../../../../lib/i18n/react';
import { agreementTypes } from '../../../../domain/agreement';
import { emptyAgreement, type EntryValues } from '../../model/form-values';
import { RadiosField, TextField } from '../bound-fields';
import { RowSection, RowsFieldset, type RowProps } from '../rows-fieldset';

const AgreementRow = memo(function AgreementRow(props: RowProps) {
  const t = useWords();
  const { index } = props;
  const kind = useWatch<EntryValues, `agreement.${number}.@type`>({ name: `agreement.${index}.@type` });
  const kinds = (['Agreement', 'AgreementRef'] as const).map((value) => ({ value, label: t(`entry.option.agreementKind.${value}`) }));
  const types = agreementTypes.map((value) => ({ value, label: t(`entry.option.agreementType.${value}`) }));
  return (
    <RowSection list="agreement" {...props}>
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
    </RowSection>
  );
});

export function AgreementsStep() {
  return <RowsFieldset list="agreement" hint="entry.hint.agreementsFault" rowSize={20} Row={AgreementRow} emptyRow={emptyAgreement} firstField="@type" />;
}
