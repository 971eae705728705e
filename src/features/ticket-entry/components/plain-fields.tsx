/**
 * A step's plain inputs, as the field table says (src/domain/ticket-fields.ts): each by its `show` kind, optional,
 * in page order; a dispute-only one only while the ticket is a dispute.
 */
import { useWatch } from 'react-hook-form';
import { ticketField, maxLengthOf, type TicketEntryStep, type TicketInputName } from '../../../domain/ticket-fields';
import { fieldText } from '../../../lib/field-text';
import { useWords } from '../../../lib/i18n/react';
import type { EntryValues } from '../model/form-values';
import { plainInputsOf } from '../model/steps';
import { DateTimeField, RadiosField, TextAreaField, TextField, YesNoField } from './bound-fields';

/** Radios of a choice's options in the table's words, and "Not stated" to leave it unanswered again. */
function ChoiceField({ name, options }: { name: TicketInputName; options: readonly string[] }) {
  const t = useWords();
  const radios = [
    ...options.map((value) => ({ value, label: fieldText(t, name, value) ?? value })),
    { value: '', label: t('entry.option.notStated') },
  ];
  return <RadiosField name={name} options={radios} inline optional />;
}

function PlainField({ name }: { name: TicketInputName }) {
  const field = ticketField(name);
  switch (field.show) {
    case 'text':
      return <TextField name={name} optional width={field.input?.width} />;
    case 'longText':
      return <TextAreaField name={name} optional maxLength={maxLengthOf(name)} />;
    case 'dateTime':
      return <DateTimeField name={name} optional />;
    case 'yesNo':
      return <YesNoField name={name} />;
    case 'choice':
      return <ChoiceField name={name} options={field.options ?? []} />;
    case 'word':
      // The service's own word is shown, never entered.
      return null;
  }
}

export function PlainFields({ step }: { step: TicketEntryStep }) {
  const ticketType = useWatch<EntryValues, 'ticketType'>({ name: 'ticketType' });
  return (
    <>
      {plainInputsOf(step, ticketType).map((name) => (
        <PlainField key={name} name={name} />
      ))}
    </>
  );
}
