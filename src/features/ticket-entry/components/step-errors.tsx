/**
 * The error summary of the step on screen: the errors of its fields (on check answers: all of them, and what the
 * service refused without naming a field). A link on this step focuses the field; one on another step goes there.
 */
import { useFormContext, useFormState } from 'react-hook-form';
import { useWords } from '../../../lib/i18n/react';
import { ErrorSummary, type ErrorSummaryItem } from '../../../components/form/error-summary';
import { collectErrors } from '../model/collect-errors';
import { summaryText } from '../model/error-words';
import type { EntryValues } from '../model/form-values';
import { labelKeyIn } from '../model/paths';
import { fieldsOfStep, stepOf, type StepId } from '../model/steps';
import '../../../lib/i18n/field-words';

type Props = {
  step: StepId;
  /** Changes on each attempt that failed, so the summary takes focus again. */
  attempt: number;
  /** Words from the service that name no field of the form. */
  messages: readonly string[];
  goTo: (step: StepId, field: string) => void;
};

export function StepErrors({ step, attempt, messages, goTo }: Props) {
  const t = useWords();
  const { getValues } = useFormContext<EntryValues>();
  const { errors } = useFormState<EntryValues>();
  const values = getValues();
  const shown = step === 'check' ? undefined : (fieldsOfStep(step, values.ticketType) as string[]);
  const items: ErrorSummaryItem[] = collectErrors(errors)
    .filter(({ name }) => !shown || shown.includes(name.split('.')[0] ?? ''))
    .flatMap(({ name, error }) => {
      const text = summaryText(name, error, t, labelKeyIn(name, values));
      if (!text) return [];
      const at = stepOf(name);
      return [at === step ? { key: name, text, target: name } : { key: name, text, target: name, onSelect: () => goTo(at, name) }];
    });
  const all = [...items, ...messages.map((text, index) => ({ key: `service-${index}`, text }))];
  if (all.length === 0) return null;
  return <ErrorSummary items={all} focusKey={attempt} />;
}
