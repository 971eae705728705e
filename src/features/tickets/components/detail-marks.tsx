/**
 * The detail page's groups (their order, anchors and fields) and the marks on what changed since the agent last marked
 * the ticket as seen: a context the rows, groups and lists read, so no group has to pass the changes down itself.
 */
import { createContext, useContext, type ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n/react';
import type { TroubleTicketRead } from '../../../api/read-models';
import type { TicketChanges } from '../detail-changes';

/** The groups in page order, each with the read model's fields it shows (an anchor `#detail-<group>` each). */
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
} as const satisfies Record<string, readonly (keyof TroubleTicketRead)[]>;

export type DetailGroupName = keyof typeof detailGroups;
export const detailGroupNames = Object.keys(detailGroups) as DetailGroupName[];
export const groupAnchor = (group: DetailGroupName): string => `detail-${group}`;

/** The group that shows a field; the service's unknown details are all in "Other details". */
export function groupOf(field: string): DetailGroupName | undefined {
  const known = detailGroupNames.find((group) => (detailGroups[group] as readonly string[]).includes(field));
  return known ?? (isReaderField(field) ? undefined : 'other');
}

const readerFields = new Set<string>(Object.values(detailGroups).flat());
const headerFields = new Set(['status', 'statusChangeDate', 'statusChangeReason', 'href', 'lastUpdateDate']);
const isReaderField = (field: string) => readerFields.has(field) || headerFields.has(field);

const ChangesContext = createContext<TicketChanges | undefined>(undefined);

export function ChangesProvider({ changes, children }: { changes: TicketChanges | undefined; children: ReactNode }) {
  return <ChangesContext.Provider value={changes}>{children}</ChangesContext.Provider>;
}

export function useChanges(): TicketChanges | undefined {
  return useContext(ChangesContext);
}

/** Whether something the group shows changed (a field, a new note or history entry). */
export function useGroupChanged(group: DetailGroupName): boolean {
  return isGroupChanged(useChanges(), group);
}

export function isGroupChanged(changes: TicketChanges | undefined, group: DetailGroupName): boolean {
  if (!changes) return false;
  if (group === 'notes' && changes.newNotes.length > 0) return true;
  if (group === 'history' && changes.newHistory.length > 0) return true;
  return changes.fields.some((field) => groupOf(field) === group);
}

export function useFieldChanged(field: string | undefined): boolean {
  const changes = useChanges();
  return field !== undefined && changes !== undefined && changes.fields.includes(field);
}

/** The word beside a changed or new part: the mark is never colour alone. */
export function ChangeTag({ kind = 'changed' }: { kind?: 'changed' | 'new' }) {
  const { t } = useTranslation();
  return <span className="detail-change-tag">{t(`ticketWork.changes.${kind}`)}</span>;
}
