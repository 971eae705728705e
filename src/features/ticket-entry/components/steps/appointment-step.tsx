/** Step 6: the step's plain inputs (end-user questions), requested time slot (start before end), the appointment. */
import { useWatch } from 'react-hook-form';
import { useWords } from '../../../../lib/i18n/react';
import { Fieldset } from '../../../../components/form/fieldset';
import { fieldId } from '../../../../components/form/field-id';
import type { EntryValues } from '../../model/form-values';
import { DateTimeField, RadiosField, TextAreaField, TextField } from '../bound-fields';
import { PlainFields } from '../plain-fields';

export function AppointmentStep() {
  const t = useWords();
  const kind = useWatch<EntryValues, 'appointment.@type'>({ name: 'appointment.@type' });
  const kinds = (['none', 'Appointment', 'AppointmentRef'] as const).map((value) => ({
    value,
    label: t(`entry.option.appointmentKind.${value}`),
  }));
  return (
    <>
      <PlainFields step="appointment" />
      <Fieldset id={fieldId('requestedTimeSlot')} legend={t('entry.label.requestedTimeSlot')} legendSize="small" hint={t('entry.hint.requestedTimeSlot')} optional>
        <div className="entry-grid">
          <DateTimeField name="requestedTimeSlot.validFor.startDateTime" />
          <DateTimeField name="requestedTimeSlot.validFor.endDateTime" />
        </div>
      </Fieldset>
      <RadiosField name="appointment.@type" options={kinds} />
      {kind === 'Appointment' ? (
        <div className="entry-conditional">
          <div className="entry-grid">
            <DateTimeField name="appointment.validFor.startDateTime" optional />
            <DateTimeField name="appointment.validFor.endDateTime" optional />
          </div>
          <TextAreaField name="appointment.description" optional />
        </div>
      ) : null}
      {kind === 'AppointmentRef' ? (
        <div className="entry-conditional">
          <TextField name="appointment.id" width={30} />
        </div>
      ) : null}
    </>
  );
}
