/** Step 5: question/answer pairs (0–99), then the step's plain inputs. */
import { memo } from 'react';
import { emptyQuestion } from '../../model/form-values';
import { TextField } from '../bound-fields';
import { PlainFields } from '../plain-fields';
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
  return (
    <>
      <RowsFieldset list="faultQuestionnaire" hint="entry.hint.questionnaire" rowSize={23} Row={QuestionRow} emptyRow={emptyQuestion} firstField="questionId" />
      <PlainFields step="questionnaire" />
    </>
  );
}
