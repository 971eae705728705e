/**
 * Which read-model fields the detail page shows where: the summary header's own, then each group's in page order (an
 * anchor `#detail-<group>` each); the plain fields' places are the field table's (src/domain/ticket-fields.ts
 * `detail`). The change banner lists changed fields in this order, the marks find their group.
 */
import { detailFieldsOf } from '../../../domain/ticket-fields';
import type { TroubleTicketRead } from '../../../domain/ticket-reader';

type Field = keyof TroubleTicketRead;

/** Shown with the status in the header (or only there), not in a group. */
export const headerFields = ['status', ...detailFieldsOf('header'), 'lastUpdateDate', 'href'] as const satisfies readonly Field[];

export const detailGroups = {
  ticket: ['@type', 'ticketType', 'externalIdentifier', ...detailFieldsOf('ticket'), 'channel', 'billingItem'],
  relationships: ['troubleTicketRelationship'],
  dates: detailFieldsOf('dates'),
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
