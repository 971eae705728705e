/**
 * The rows of "Check your answers", per step: a label, the answer in words (one line per part), and the field its
 * "Change" link goes back to. Lists give one row per item; a skipped optional answer reads "Not provided".
 */
import type { TicketEntryStep } from '../../../domain/ticket-fields';
import { fieldText } from '../../../lib/field-text';
import type { TFunction } from '../../../lib/i18n/translator';
import { formatDateTime } from '../../../lib/format';
import type { ContactMediumRow, EntryValues, Period } from '../model/form-values';
import { labelWords } from '../model/paths';
import { plainInputsOf, type StepId } from '../model/steps';
import '../../../lib/i18n/field-words';

export type CheckRow = {
  /** Field name the Change link focuses (also the row's key). */
  name: string;
  label: string;
  /** Lines of the answer; [] reads "Not provided". */
  lines: string[];
};

export type CheckSection = { step: Exclude<StepId, 'check'>; rows: CheckRow[] };

const text = (value: string) => (value === '' ? [] : [value]);

function period(value: Period): string[] {
  if (!value.startDateTime && !value.endDateTime) return [];
  const show = (iso: string) => (iso ? formatDateTime(iso) : '…');
  return [`${show(value.startDateTime)} – ${show(value.endDateTime)}`];
}

function medium(row: ContactMediumRow, t: TFunction): string {
  const preferred = row.preferred ? ` (${t('entry.check.preferred')})` : '';
  switch (row['@type']) {
    case 'PhoneContactMedium': {
      const kind = row.contactType ? `, ${t(`entry.option.phoneType.${row.contactType}`)}` : '';
      return `${t('entry.medium.PhoneContactMedium')}${kind}: ${row.phoneNumber}${preferred}`;
    }
    case 'EmailContactMedium':
      return `${t('entry.medium.EmailContactMedium')}: ${row.emailAddress}${preferred}`;
    case 'PostalAddressContactMedium': {
      const street = [row.streetName, `${row.streetNr}${row.streetNrSuffix}`].filter(Boolean).join(' ');
      const place = [row.postcode, row.city].filter(Boolean).join(' ');
      const rest = [row.locality, row.country].filter(Boolean).join(', ');
      return `${t('entry.medium.PostalAddressContactMedium')}: ${[street, place, rest].filter(Boolean).join(', ')}${preferred}`;
    }
  }
}

const field = (name: string, t: TFunction, lines: string[]): CheckRow => ({ name, label: labelWords(t, name), lines });

/** The step's plain inputs asked for with the ticket's type, in page order, each answer in the table's words. */
function plainRows(step: TicketEntryStep, values: EntryValues, t: TFunction): CheckRow[] {
  return plainInputsOf(step, values.ticketType).map((name) => {
    const words = fieldText(t, name, values[name]);
    return field(name, t, words === undefined ? [] : [words]);
  });
}

export function checkSections(values: EntryValues, t: TFunction): CheckSection[] {
  const dispute = values.ticketType === 'dispute';
  const billing = values.billingItem.map((row) => row.value).filter(Boolean);
  return [
    {
      step: 'ticket',
      rows: [
        field('ticketType', t, values.ticketType ? [t(`ticketType.${values.ticketType}`)] : []),
        field('externalIdentifier.0.id', t, text(values.externalIdentifier[0].id)),
        field('externalIdentifier.0.owner', t, text(values.externalIdentifier[0].owner)),
        field('externalIdentifier.0.externalIdentifierType', t, text(values.externalIdentifier[0].externalIdentifierType)),
        ...(dispute ? [field('troubleTicketRelationship.0.id', t, text(values.troubleTicketRelationship[0].id))] : []),
        ...plainRows('ticket', values, t),
        { name: 'billingItem', label: t('entry.label.billingItem'), lines: billing.length ? [billing.join(', ')] : [] },
      ],
    },
    {
      step: 'agreements',
      rows: values.agreement.map((row, index) => {
        const lines =
          row['@type'] === 'Agreement'
            ? [
                t('entry.option.agreementKind.Agreement'),
                ...(row.agreementType ? [t(`entry.option.agreementType.${row.agreementType}`)] : []),
                ...text(row.name),
                ...(row.businessId ? [`${t('entry.label.agreement_businessId')}: ${row.businessId}`] : []),
                ...(row.engagedParty[0].businessId ? [`${t('entry.label.agreement_engagedParty_businessId')}: ${row.engagedParty[0].businessId}`] : []),
              ]
            : row['@type'] === 'AgreementRef'
              ? [t('entry.option.agreementKind.AgreementRef'), `${t('entry.label.agreement_id')}: ${row.id}`]
              : [];
        return { name: `agreement.${index}.@type`, label: t('entry.row.agreement', { n: index + 1 }), lines };
      }),
    },
    {
      step: 'contacts',
      rows: values.relatedParty.length
        ? values.relatedParty.map((row, index) => {
            const party = row.partyOrPartyRole;
            const name =
              party['@type'] === 'Individual'
                ? [party.salutation, party.title, party.givenName, party.familyName].filter(Boolean).join(' ')
                : party.name;
            const lines = [
              ...(row.role ? [t(`entry.option.partyRole.${row.role}`)] : []),
              ...(party['@type'] ? [`${t(`entry.option.partyKind.${party['@type']}`)}: ${name}`] : []),
              ...party.contactMedium.map((m) => medium(m, t)),
            ];
            return { name: `relatedParty.${index}.role`, label: t('entry.row.relatedParty', { n: index + 1 }), lines };
          })
        : [{ name: 'relatedParty', label: t('entry.label.relatedParty'), lines: [t('entry.check.none')] }],
    },
    {
      step: 'product',
      rows: [
        ...(values.relatedEntity.length
          ? values.relatedEntity.map((row, index) => {
              const id = row.role === 'optionalServices' ? row.entity.name : row.entity.id;
              const lines = row.role ? [t(`entry.option.entityRole.${row.role}`), ...text(id)] : [];
              return { name: `relatedEntity.${index}.role`, label: t('entry.row.relatedEntity', { n: index + 1 }), lines };
            })
          : [{ name: 'relatedEntity', label: t('entry.label.relatedEntity'), lines: [t('entry.check.none')] }]),
        ...plainRows('product', values, t),
      ],
    },
    {
      step: 'questionnaire',
      rows: [
        ...(values.faultQuestionnaire.length
          ? values.faultQuestionnaire.map((row, index) => ({
              name: `faultQuestionnaire.${index}.questionId`,
              label: t('entry.row.faultQuestionnaire', { n: index + 1 }),
              lines: [`${t('entry.label.faultQuestionnaire_questionId')}: ${row.questionId}`, `${t('entry.label.faultQuestionnaire_answerId')}: ${row.answerId}`],
            }))
          : [{ name: 'faultQuestionnaire', label: t('entry.label.faultQuestionnaire'), lines: [t('entry.check.none')] }]),
        ...plainRows('questionnaire', values, t),
      ],
    },
    {
      step: 'appointment',
      rows: [
        ...plainRows('appointment', values, t),
        { name: 'requestedTimeSlot.validFor.startDateTime', label: t('entry.label.requestedTimeSlot'), lines: period(values.requestedTimeSlot.validFor) },
        field(
          'appointment.@type',
          t,
          values.appointment['@type'] === 'Appointment'
            ? [t('entry.option.appointmentKind.Appointment'), ...period(values.appointment.validFor), ...text(values.appointment.description)]
            : values.appointment['@type'] === 'AppointmentRef'
              ? [t('entry.option.appointmentKind.AppointmentRef'), `${t('entry.label.appointment_id')}: ${values.appointment.id}`]
              : [t('entry.option.appointmentKind.none')],
        ),
      ],
    },
  ];
}
