/**
 * The shared form pieces bound to the wizard's react-hook-form state: label, hint and error words come from the
 * field's name, and each field subscribes to its own error only, so typing re-renders nothing else.
 */
import { memo } from 'react';
import { useController, useFormContext, useWatch, type FieldPath } from 'react-hook-form';
import { isKey, knownKey } from '../../../lib/i18n/keys';
import { useWords } from '../../../lib/i18n/react';
import { Checkbox } from '../../../components/form/checkbox';
import { DateTimeInput } from '../../../components/form/date-time-input';
import { Radios, type RadioOption } from '../../../components/form/radios';
import { Select, type Option } from '../../../components/form/select';
import { TextArea } from '../../../components/form/text-area';
import { TextInput } from '../../../components/form/text-input';
import '../entry-section';
import { useErrorAt } from '../hooks/field-errors';
import { errorText } from '../model/error-words';
import type { EntryValues } from '../model/form-values';
import { keyPart, labelWords, plainInput } from '../model/paths';
import '../../../lib/i18n/field-words';

export type Name = FieldPath<EntryValues>;

/** The field's error in words, in the language shown; re-rendered only when this field's error changes. */
export function useFieldError(name: Name, fieldLabelKey?: string): string | undefined {
  const t = useWords();
  return errorText(name, useErrorAt(name), t, fieldLabelKey);
}

/** The hint of a field: a plain input's table `input.hint`, else `entry.hint.<field>` when the catalogue has one. */
function useHint(name: string): string | undefined {
  const t = useWords();
  const plain = plainInput(name);
  const key = plain ? plain.input?.hint : knownKey(t, 'entry.hint', keyPart(name));
  return key !== undefined && isKey(t, key) ? t(key) : undefined;
}

type Common = {
  name: Name;
  optional?: boolean;
  /** Another label key than the field's own (a related entity's id is a "Product ID" or a "Product test ID"). */
  labelKey?: string;
  /** A label already in words ("Billing item 3"), where rows of one list would otherwise share one name. */
  label?: string;
};

export const TextField = memo(function TextField({
  name,
  optional,
  labelKey: key,
  label,
  width,
  type,
  autoComplete,
}: Common & { width?: 4 | 10 | 20 | 30; type?: 'text' | 'email' | 'tel'; autoComplete?: string }) {
  const t = useWords();
  const { register } = useFormContext<EntryValues>();
  const error = useFieldError(name, key);
  return (
    <TextInput
      label={label ?? labelWords(t, name, key)}
      hint={useHint(name)}
      optional={optional}
      error={error}
      width={width}
      type={type}
      autoComplete={autoComplete ?? 'off'}
      spellCheck={false}
      {...register(name)}
    />
  );
});

export const TextAreaField = memo(function TextAreaField({ name, optional, maxLength }: Common & { maxLength?: number }) {
  const t = useWords();
  const { register } = useFormContext<EntryValues>();
  const error = useFieldError(name);
  // Only this field's value: the counter re-renders this textarea, nothing else.
  const value = useWatch<EntryValues>({ name }) as string;
  return (
    <TextArea
      label={labelWords(t, name)}
      hint={useHint(name)}
      optional={optional}
      error={error}
      maxLength={maxLength}
      value={value}
      {...register(name)}
    />
  );
});

export const SelectField = memo(function SelectField({
  name,
  optional,
  options,
  emptyOption,
}: Common & { options: readonly Option[]; emptyOption: string }) {
  const t = useWords();
  const { register } = useFormContext<EntryValues>();
  const error = useFieldError(name);
  return (
    <Select
      label={labelWords(t, name)}
      hint={useHint(name)}
      optional={optional}
      error={error}
      options={options}
      emptyOption={emptyOption}
      {...register(name)}
    />
  );
});

export const RadiosField = memo(function RadiosField({
  name,
  optional,
  options,
  inline,
  onChange,
}: Common & { options: readonly RadioOption[]; inline?: boolean; onChange?: () => void }) {
  const t = useWords();
  const { register } = useFormContext<EntryValues>();
  const error = useFieldError(name);
  return (
    <Radios
      name={name}
      legend={labelWords(t, name)}
      hint={useHint(name)}
      optional={optional}
      error={error}
      options={options}
      inline={inline}
      inputProps={register(name, onChange ? { onChange } : undefined)}
    />
  );
});

/** Yes / No / Not stated: an optional yes-or-no question that can also be left unanswered again. */
export const YesNoField = memo(function YesNoField({ name }: { name: Name }) {
  const t = useWords();
  const options = [
    { value: 'true', label: t('fieldAnswers.yes') },
    { value: 'false', label: t('fieldAnswers.no') },
    { value: '', label: t('entry.option.notStated') },
  ];
  return <RadiosField name={name} options={options} inline optional />;
});

export const DateTimeField = memo(function DateTimeField({ name, optional }: Common) {
  const t = useWords();
  const { field } = useController<EntryValues>({ name });
  const error = useFieldError(name);
  return (
    <DateTimeInput
      label={labelWords(t, name)}
      hint={useHint(name)}
      optional={optional}
      error={error}
      name={field.name}
      value={typeof field.value === 'string' ? field.value : ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
    />
  );
});

export const CheckboxField = memo(function CheckboxField({ name }: { name: Name }) {
  const t = useWords();
  const { register } = useFormContext<EntryValues>();
  return <Checkbox label={labelWords(t, name)} {...register(name)} />;
});
