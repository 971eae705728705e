/**
 * Which read-model fields the detail page shows where: the summary header's own, then each group's in page order (an
 * anchor `#detail-<group>` each). The change banner lists changed fields in this order, the marks find their group.
 */
import type { TroubleTicketRead } from '../../../domain/ticket-reader';

type Field = keyof TroubleTicketRead;

/** Shown with the status in the header (or only there), not in a group. */
export const headerFields = ['status', 'statusChangeDate', 'statusChangeReason', 'lastUpdateDate', 'href'] as const satisfies readonly Field[];

export const detailGroups = {
  ticket: [
    '@type',
    'ticketType',
    'name',
    'severity',
    'priority',
    'channel',
    'externalIdentifier',
    'categoryId',
    'description',
    'resolutionDisputeReason',
    'accessLineId',
    'networkTerminationLocation',
    'expressFaultResolution',
    'endUserContactAllowed',
    'endUserAppointmentIsNecessary',
    'interimMessagesRequested',
    'billingItem',
  ],
  relationships: ['troubleTicketRelationship'],
  dates: ['creationDate', 'lastUpdateDate', 'requestedResolutionDate', 'expectedResolutionDate', 'resolutionDate'],
  history: ['statusChange'],
  notes: ['note'],
  contacts: ['relatedParty'],
  entities: ['relatedEntity'],
  appointment: ['requestedTimeSlot', 'appointment'],
  questionnaire: ['faultQuestionnaire'],
  agreements: ['agreement'],
  attachments: ['attachment'],
  other: [],
} as const satisfies Record<string, readonly Field[]>;

export type DetailGroupName = keyof typeof detailGroups;
export const detailGroupNames = Object.keys(detailGroups) as DetailGroupName[];

/** Every read-model field the page places, header first, then in page order. */
export const placedFields: readonly string[] = [...new Set<string>([...headerFields, ...Object.values(detailGroups).flat()])];
