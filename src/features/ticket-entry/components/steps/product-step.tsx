/** Step 4: related entities by role (1–3 for a fault, 0–3 for a dispute), access line id, termination location. */
import { memo } from 'react';
import { useWatch } from 'react-hook-form';
import { useWords } from '../../../../components/form/use-words';
import { RemoveRowButton } from '../../../../components/form/row-controls';
import { relatedEntityRoles } from '../../../../domain/entity';
import { emptyEntity, type EntryValues } from '../../model/form-values';
import { labelKey } from '../../model/paths';
import { limitsOf } from '../../model/row-limits';
import { SelectField, TextField } from '../bound-fields';
import { RowsFieldset, type RowProps } from '../rows-fieldset';

const EntityRow = memo(function EntityRow({ index, canRemove, onRemove }: RowProps) {
  const t = useWords();
  const base = `relatedEntity.${index}` as const;
  const role = useWatch<EntryValues, `relatedEntity.${number}.role`>({ name: `${base}.role` });
  const row = t('entry.row.relatedEntity', { n: index + 1 });
  const roles = relatedEntityRoles.map((value) => ({ value, label: t(`entry.option.entityRole.${value}`) }));
  return (
    <section className="entry-row" aria-label={row}>
      <div className="entry-row__head">
        <h3 className="entry-row__title">{row}</h3>
        {canRemove ? <RemoveRowButton what={row} onRemove={() => onRemove(index)} /> : null}
      </div>
      <div className="entry-grid">
        <SelectField name={`${base}.role`} options={roles} emptyOption={t('entry.option.chooseRole')} />
        {role === 'affectedProduct' || role === 'diagnosis' ? (
          // The same field is a Product or a ProductTest reference (interface.md 2.7); its label says which.
          <TextField key={role} name={`${base}.entity.id`} labelKey={`${labelKey(`${base}.entity.id`)}_${role}`} width={30} />
        ) : null}
        {role === 'optionalServices' ? <TextField name={`${base}.entity.name`} /> : null}
      </div>
    </section>
  );
});

export function ProductStep() {
  const t = useWords();
  const ticketType = useWatch<EntryValues, 'ticketType'>({ name: 'ticketType' });
  const { min, max } = limitsOf(ticketType, 'relatedEntity');
  return (
    <>
      <RowsFieldset
        name="relatedEntity"
        legend={t('entry.label.relatedEntity')}
        hint={t(ticketType === 'fault' ? 'entry.hint.entitiesFault' : 'entry.hint.entitiesDispute')}
        min={min}
        max={max}
        rowSize={14}
        Row={EntityRow}
        emptyRow={emptyEntity}
        firstField={(index) => `relatedEntity.${index}.role`}
        rowName={(index) => t('entry.row.relatedEntity', { n: index + 1 })}
        addText={t('entry.add.relatedEntity')}
        noneText={t('entry.none.relatedEntity')}
      />
      <TextField name="accessLineId" optional width={30} />
      <TextField name="networkTerminationLocation" optional />
    </>
  );
}
