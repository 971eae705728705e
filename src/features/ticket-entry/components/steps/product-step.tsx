/** Step 4: related entities by role (1–3 for a fault, 0–3 for a dispute), then the step's plain inputs. */
import { memo } from 'react';
import { useWatch } from 'react-hook-form';
import { useWords } from '../../../../lib/i18n/react';
import { relatedEntityRoles } from '../../../../domain/entity';
import { emptyEntity, type EntryValues } from '../../model/form-values';
import { labelKey } from '../../model/paths';
import { SelectField, TextField } from '../bound-fields';
import { PlainFields } from '../plain-fields';
import { RowSection, RowsFieldset, type RowProps } from '../rows-fieldset';
import '../../../../lib/i18n/field-words';

const EntityRow = memo(function EntityRow(props: RowProps) {
  const t = useWords();
  const { index } = props;
  const base = `relatedEntity.${index}` as const;
  const role = useWatch<EntryValues, `relatedEntity.${number}.role`>({ name: `${base}.role` });
  const roles = relatedEntityRoles.map((value) => ({ value, label: t(`entry.option.entityRole.${value}`) }));
  return (
    <RowSection list="relatedEntity" {...props}>
      <div className="entry-grid">
        <SelectField name={`${base}.role`} options={roles} emptyOption={t('entry.option.chooseRole')} />
        {role === 'affectedProduct' || role === 'diagnosis' ? (
          // The same field is a Product or a ProductTest reference (interface.md 2.7); its label says which.
          <TextField key={role} name={`${base}.entity.id`} labelKey={`${labelKey(`${base}.entity.id`)}_${role}`} width={30} />
        ) : null}
        {role === 'optionalServices' ? <TextField name={`${base}.entity.name`} /> : null}
      </div>
    </RowSection>
  );
});

const hint = { fault: 'entry.hint.entitiesFault', dispute: 'entry.hint.entitiesDispute' } as const;

export function ProductStep() {
  return (
    <>
      <RowsFieldset list="relatedEntity" hint={hint} rowSize={14} Row={EntityRow} emptyRow={emptyEntity} firstField="role" />
      <PlainFields step="product" />
    </>
  );
}
