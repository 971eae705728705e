/** The "Appointment and time slot" group: the requested time slot and the appointment (in full or a reference). */
import { useWords } from '../../../lib/i18n/react';
import type { TroubleTicketRead } from '../../../api/read-models';
import { DetailGroup, Period, Row, SummaryList } from './detail-parts';
import '../../../lib/i18n/field-words';

export function AppointmentGroup({ ticket }: { ticket: TroubleTicketRead }) {
  const t = useWords();
  const slot = ticket.requestedTimeSlot;
  const appointment = ticket.appointment;
  const inline = appointment?.['@type'] === 'Appointment' ? appointment : undefined;
  return (
    <DetailGroup group="appointment">
      <SummaryList>
        <Row field="requestedTimeSlot" label={t('fields.requestedTimeSlot')}>{slot ? <Period period={slot.validFor} /> : undefined}</Row>
        <Row field="appointment" label={t('detail.field.appointmentPeriod')}>
          {appointment?.['@type'] === 'AppointmentRef' ? (
            t('detail.reference', { id: appointment.id })
          ) : inline?.validFor ? (
            <Period period={inline.validFor} />
          ) : undefined}
        </Row>
        {/* A reference has no details of its own to show; an appointment in full may describe itself. */}
        {appointment?.['@type'] === 'AppointmentRef' ? null : (
          <Row label={t('detail.field.appointmentDescription')}>
            {inline?.description ? <span className="detail-text">{inline.description}</span> : undefined}
          </Row>
        )}
      </SummaryList>
    </DetailGroup>
  );
}
