/** Step 5: question/answer pairs (0–99), express fault resolution, interim messages requested. */
import { memo } from 'react';
import { useWords } from '../../../../lib/i18n/react';
import { expressFaultResolutions } from '../../../../domain/ticket';
import { emptyQuestion } from '../../model/form-values';
import { RadiosField, TextField, YesNoField } from '../bound-fields';
import { RowSection, RowsFieldset, type RowProps } from '../rows-fieldset';

const QuestionRow = memo(function QuestionRow(props: RowProps) {
  const { index } = props;
  return (
    <RowSection list="faultQuestionnaire" {...props}>
      <div className="entry-grid">
        <TextField name={`faultQuestionnaire.${index}.questionId`} width={10} />
        <TextField name={`faultQuestionnaire.${index}.answerId`} width={10} />
      </div>
    </RowSection>
  );
});

export function QuestionnaireStep() {
  const t = useWords();
  const express = [
    ...expressFaultResolutions.map((value) => ({ value, label: t(`entry.option.express.${value}`) })),
    { value: '', label: t('entry.option.notStated') },
  ];
  return (
    <>
      <RowsFieldset list="faultQuestionnaire" hint="entry.hint.questionnaire" rowSize={23} Row={QuestionRow} emptyRow={emptyQuestion} firstField="questionId" />
      <RadiosField name="expressFaultResolution" options={express} inline optional />
      <YesNoField name="interimMessagesRequested" />
    </>
  );
}
