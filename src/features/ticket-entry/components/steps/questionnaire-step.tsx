/** Step 5: question/answer pairs (0–99), express fault resolution, interim messages requested. */
import { memo } from 'react';
import { useWatch } from 'react-hook-form';
import { useWords } from '../../../../components/form/use-words';
import { RemoveRowButton } from '../../../../components/form/row-controls';
import { expressFaultResolutions } from '../../../../domain/ticket';
import { emptyQuestion, type EntryValues } from '../../model/form-values';
import { limitsOf } from '../../model/row-limits';
import { RadiosField, TextField, YesNoField } from '../bound-fields';
import { RowsFieldset, type RowProps } from '../rows-fieldset';

const QuestionRow = memo(function QuestionRow({ index, canRemove, onRemove }: RowProps) {
  const t = useWords();
  const row = t('entry.row.faultQuestionnaire', { n: index + 1 });
  return (
    <section className="entry-row" aria-label={row}>
      <div className="entry-row__head">
        <h3 className="entry-row__title">{row}</h3>
        {canRemove ? <RemoveRowButton what={row} onRemove={() => onRemove(index)} /> : null}
      </div>
      <div className="entry-grid">
        <TextField name={`faultQuestionnaire.${index}.questionId`} width={10} />
        <TextField name={`faultQuestionnaire.${index}.answerId`} width={10} />
      </div>
    </section>
  );
});

export function QuestionnaireStep() {
  const t = useWords();
  const ticketType = useWatch<EntryValues, 'ticketType'>({ name: 'ticketType' });
  const { min, max } = limitsOf(ticketType, 'faultQuestionnaire');
  const express = [
    ...expressFaultResolutions.map((value) => ({ value, label: t(`entry.option.express.${value}`) })),
    { value: '', label: t('entry.option.notStated') },
  ];
  return (
    <>
      <RowsFieldset
        name="faultQuestionnaire"
        legend={t('entry.label.faultQuestionnaire')}
        hint={t('entry.hint.questionnaire')}
        min={min}
        max={max}
        rowSize={23}
        Row={QuestionRow}
        emptyRow={emptyQuestion}
        firstField={(index) => `faultQuestionnaire.${index}.questionId`}
        rowName={(index) => t('entry.row.faultQuestionnaire', { n: index + 1 })}
        addText={t('entry.add.faultQuestionnaire')}
        noneText={t('entry.none.faultQuestionnaire')}
      />
      <RadiosField name="expressFaultResolution" options={express} inline optional />
      <YesNoField name="interimMessagesRequested" />
    </>
  );
}
