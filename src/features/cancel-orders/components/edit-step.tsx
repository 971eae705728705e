/** Step 1 of a cancellation: which product order, why, and when; checked by the domain schema on Continue. */
import { useMemo } from 'react';
import { Controller, useFormContext, useFormState } from 'react-hook-form';
import { useWords } from '../../../lib/i18n/react';
import { DateTimeInput } from '../../../components/form/date-time-input';
import { ErrorSummary, type ErrorSummaryItem } from '../../../components/form/error-summary';
import { TextArea } from '../../../components/form/text-area';
import { TextInput } from '../../../components/form/text-input';
import { PageHeading } from '../../../components/page-heading';
import { fieldErrorText } from '../model/field-errors';
import { cancelOrderFieldNames, type CancelOrderFieldName, type CancelOrderValues } from '../model/form-values';

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
  const { register, control, handleSubmit } = useFormContext<CancelOrderValues>();
  const { errors } = useFormState({ control });
  const idError = fieldErrorText('productOrder.id', errors.productOrder?.id, t);
  const reasonError = fieldErrorText('cancellationReason', errors.cancellationReason, t);
  const dateError = fieldErrorText('requestedCancellationDate', errors.requestedCancellationDate, t);
  // Keyed on the words: a new array every render would make the summary re-order itself every time.
  const items = useMemo<ErrorSummaryItem[]>(() => {
    const text: Record<CancelOrderFieldName, string | undefined> = {
      'productOrder.id': idError,
      cancellationReason: reasonError,
      requestedCancellationDate: dateError,
    };
    return [
      ...cancelOrderFieldNames.flatMap((name) => {
        const words = text[name];
        return words ? [{ key: name, text: words, target: name }] : [];
      }),
      ...otherProblems.map((problem, i) => ({ key: `other-${i}`, text: problem })),
    ];
  }, [idError, reasonError, dateError, otherProblems]);

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
        <TextInput
          label={t('cancel.fields.productOrderId')}
          hint={t('cancel.form.productOrderIdHint')}
          error={idError}
          width={20}
          autoComplete="off"
          spellCheck={false}
          {...register('productOrder.id')}
        />
        <TextArea
          label={t('cancel.fields.cancellationReason')}
          hint={t('cancel.form.cancellationReasonHint')}
          optional
          error={reasonError}
          {...register('cancellationReason')}
        />
        <Controller
          control={control}
          name="requestedCancellationDate"
          render={({ field }) => (
            <DateTimeInput
              label={t('cancel.fields.requestedCancellationDate')}
              hint={t('cancel.form.requestedCancellationDateHint')}
              optional
              error={dateError}
              name={field.name}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
            />
          )}
        />
        <button type="submit" className="button">
          {t('cancel.form.continue')}
        </button>
      </form>
    </>
  );
}
