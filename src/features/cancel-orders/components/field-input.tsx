/** One input of the cancel form, drawn from the field table's `input` (its kind, hint, width, whether optional). */
import { Controller, useFormContext } from 'react-hook-form';
import { useWords } from '../../../lib/i18n/react';
import { DateTimeInput } from '../../../components/form/date-time-input';
import { TextArea } from '../../../components/form/text-area';
import { TextInput } from '../../../components/form/text-input';
import type { CancelOrderFieldName, CancelOrderValues } from '../model/form-values';
import { inputOf } from '../model/field-errors';

export function FieldInput({ name, error }: { name: CancelOrderFieldName; error: string | undefined }) {
  const t = useWords();
  const { register, control } = useFormContext<CancelOrderValues>();
  const { label: labelKey, input } = inputOf(name);
  const text = { label: t(labelKey), hint: t(input.hint), optional: input.optional || undefined, error };
  if (input.kind === 'dateTime') {
    return (
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <DateTimeInput
            {...text}
            name={field.name}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
          />
        )}
      />
    );
  }
  if (input.kind === 'textarea') return <TextArea {...text} {...register(name)} />;
  // One line: an identifier, typed or pasted, not spelling-checked nor offered from the browser's memory.
  return <TextInput {...text} width={'width' in input ? input.width : undefined} autoComplete="off" spellCheck={false} {...register(name)} />;
}
