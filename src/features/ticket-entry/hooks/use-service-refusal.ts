/**
 * The service refused the ticket (400): its words go on the fields they name, the rest into the error summary, which
 * takes focus. A run the outbox brought back after such a refusal opens with them.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { FieldPath, UseFormGetValues, UseFormSetError } from 'react-hook-form';
import { useWords } from '../../../lib/i18n/react';
import type { ServiceErrors } from '../model/draft';
import type { EntryValues } from '../model/form-values';
import { placeInvalidFields } from '../model/service-errors';

type Options = {
  form: { getValues: UseFormGetValues<EntryValues>; setError: UseFormSetError<EntryValues> };
  /** The summary takes focus again. */
  onRefused(): void;
  /** The refusal the outbox kept for this run, shown once when it opens. */
  serviceErrors?: ServiceErrors;
};

export function useServiceRefusal({ form, onRefused, serviceErrors }: Options) {
  const t = useWords();
  // Words no field could take: shown in the summary on check answers.
  const [messages, setMessages] = useState<string[]>([]);

  const show = useCallback(
    ({ invalidFields, message }: ServiceErrors) => {
      const placed = placeInvalidFields(invalidFields, form.getValues());
      for (const { name, error } of placed.fields) form.setError(name as FieldPath<EntryValues>, error);
      if (invalidFields.length === 0) placed.unplaced.push(t('entry.outcome.invalidNoFields', { reason: message ?? '' }));
      setMessages(placed.unplaced);
      onRefused();
    },
    [form, onRefused, t],
  );

  const shownKept = useRef(false);
  useEffect(() => {
    if (!serviceErrors || shownKept.current) return;
    shownKept.current = true;
    show(serviceErrors);
  }, [serviceErrors, show]);

  const clear = useCallback(() => setMessages([]), []);
  return { messages, show, clear };
}
