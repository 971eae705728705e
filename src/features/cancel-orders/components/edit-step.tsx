/** Step 1 of a cancellation: the field table's inputs (which product order, why, when); checked by the domain schema on Continue. */
import { useMemo } from 'react';
import { get, useFormContext, useFormState, type FieldError } from 'react-hook-form';
import { useWords } from '../../../lib/i18n/react';
import { ErrorSummary, type ErrorSummaryItem } from '../../../components/form/error-summary';
import { PageHeading } from '../../../components/page-heading';
import { fieldErrorText } from '../model/field-errors';
import { cancelOrderFieldNames, type CancelOrderValues } from '../model/form-values';
import { FieldInput } from './field-input';

type Props = {
  /** Problems the service named that belong to no field of this form (400), shown in the summary only. */
  otherProblems: readonly string[];
  /** Changes on every attempt that produced errors, so the summary takes focus again. */
  attempt: number;
  draftRestored: boolean;
  storageFailed: boolean;
  onStartAgain(): void;
  onContinue(): void;
  onInvalid(): void;
};

export function EditStep({ otherProblems, attempt, draftRestored, storageFailed, onStartAgain, onContinue, onInvalid }: Props) {
  const t = useWords();
  const { control, handleSubmit } = useFormContext<CancelOrderValues>();
  const { errors } = useFormState({ control });
  const texts = cancelOrderFieldNames.map((name) => fieldErrorText(name, get(errors, name) as FieldError | undefined, t));
  // Keyed on the words: a new array every render would make the summary re-order itself every time.
  const textsKey = JSON.stringify(texts);
  const items = useMemo<ErrorSummaryItem[]>(
    () => [
      ...cancelOrderFieldNames.flatMap((name, i) => {
        const words = texts[i];
        return words ? [{ key: name, text: words, target: name }] : [];
      }),
      ...otherProblems.map((problem, i) => ({ key: `other-${i}`, text: problem })),
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `texts` is new each render; its words are the key.
    [textsKey, otherProblems],
  );

  return (
    <>
      {items.length > 0 ? <ErrorSummary items={items} focusKey={attempt} /> : null}
      <PageHeading>{t('page.newCancelOrder')}</PageHeading>
      {draftRestored ? (
        <div className="notice-panel">
          <p>{t('cancel.form.draftRestored')}</p>
          <button type="button" className="button button--secondary" onClick={onStartAgain}>
            {t('cancel.form.startAgain')}
          </button>
        </div>
      ) : null}
      {storageFailed ? (
        <div className="notice-panel" role="status">
          <p>{t('cancel.form.draftNotKept')}</p>
        </div>
      ) : null}
      <p>{t('cancel.form.intro')}</p>
      <form noValidate onSubmit={handleSubmit(onContinue, onInvalid)}>
        {cancelOrderFieldNames.map((name, i) => (
          <FieldInput key={name} name={name} error={texts[i]} />
        ))}
        <button type="submit" className="button">
          {t('cancel.form.continue')}
        </button>
      </form>
    </>
  );
}
