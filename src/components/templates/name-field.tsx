/** A template's name: a labelled input checked with the template's schema, its error in the agent's words. */
import type { Ref } from 'react';
import { TemplateName, templateBounds } from '../../domain/template';
import type { TFunction } from '../../lib/i18n/translator';
import { problemKindOf, type TemplateProblemKind } from '../../lib/templates/problems';
import { TextInput } from '../form/text-input';

/** The name's error words, or undefined when it passes. */
export function nameError(name: string, t: TFunction): string | undefined {
  const parsed = TemplateName.safeParse(name);
  if (parsed.success) return undefined;
  const issue = parsed.error.issues[0];
  if (issue?.code === 'too_small') return t('templates.problem.nameRequired');
  if (issue?.code === 'too_big') return t('templates.problem.nameTooLong', { max: templateBounds.name.max });
  return t('templates.problem.nameCharacters');
}

/** A store's refusal in words: on the name field (a taken name), or for the whole form. */
export function problemWords(error: unknown, t: TFunction): { field?: string; form?: string } {
  const kind: TemplateProblemKind = problemKindOf(error);
  if (kind === 'nameTaken') return { field: t('templates.problem.nameTaken') };
  if (kind === 'tooMany') return { form: t('templates.problem.tooMany', { max: templateBounds.count }) };
  return { form: t(`templates.problem.${kind}`) };
}

type Props = {
  id: string;
  label: string;
  hint?: string;
  value: string;
  error?: string;
  onChange(value: string): void;
  /** Enter in the field: the enclosing screen may be a form of its own, so this is no <form>. */
  onSubmit(): void;
  ref?: Ref<HTMLInputElement>;
};

export function NameField({ id, label, hint, value, error, onChange, onSubmit, ref }: Props) {
  return (
    <TextInput
      ref={ref}
      id={id}
      name={id}
      label={label}
      hint={hint}
      error={error}
      width={30}
      autoComplete="off"
      spellCheck={false}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onKeyDown={(event) => {
        if (event.key !== 'Enter') return;
        // The wizard's own form must not be submitted by this field.
        event.preventDefault();
        onSubmit();
      }}
    />
  );
}
