/**
 * The marks on what changed since the agent last marked the ticket as seen: a context the rows, groups, lists and jump
 * links read, so no group has to pass the changes down itself.
 */
import { createContext, useContext, type ReactNode } from 'react';
import { useWords } from '../../../lib/i18n/react';
import type { TicketChanges } from '../model/detail-changes';
import { detailGroupNames, detailGroups, placedFields, type DetailGroupName } from '../model/detail-fields';

export const groupAnchor = (group: DetailGroupName): string => `detail-${group}`;

/** The group that shows a field; the service's unknown details are all in "Other details". */
export function groupOf(field: string): DetailGroupName | undefined {
  const known = detailGroupNames.find((group) => (detailGroups[group] as readonly string[]).includes(field));
  return known ?? (isReaderField(field) ? undefined : 'other');
}

const isReaderField = (field: string) => placedFields.includes(field);

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
  const t = useWords();
  return <span className="detail-change-tag">{t(`ticketWork.changes.${kind}`)}</span>;
}

/** "Changed" after a label, heading or link, when it changed; nothing otherwise. */
export function ChangedMark({ changed }: { changed: boolean }) {
  return changed ? (
    <>
      {' '}
      <ChangeTag />
    </>
  ) : null;
}
