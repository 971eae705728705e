/**
 * What changed in a ticket between the read the agent has seen and the one now on screen (decision 0041): a new status,
 * new notes, new status history entries, and every other field that reads differently. Pure, so it is tested alone.
 */
import type { NoteRead, StatusChangeRead, TroubleTicketRead } from '../../../domain/ticket-reader';
import { placedFields } from './detail-fields';

export type TicketChanges = {
  /** The status moved (from may be undefined when the first read had none). */
  status?: { from: string | undefined; to: string | undefined };
  /** Notes in the new read that the seen one did not have (the objects of the new read, so the page can mark them). */
  newNotes: NoteRead[];
  /** Status history entries that are new, likewise. */
  newHistory: StatusChangeRead[];
  /**
   * Every other field that reads differently, in the page's order (detail-fields.ts); a note or history entry that was edited or removed
   * counts as a change of `note` / `statusChange`. Names the reader does not know (its `other` details) come after,
   * as the service spelled them.
   */
  fields: string[];
};

/**
 * Not reported: `lastUpdateDate` moves with every change (the header shows it), and the status's date and reason go
 * with the status when it moved. `id` never changes on one page.
 */
const quiet: readonly string[] = ['lastUpdateDate'];
const withStatus: readonly string[] = ['status', 'statusChangeDate', 'statusChangeReason'];

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * Items of `after` that `before` does not hold, and whether any of `before` is gone or edited. Items match by `keyOf`
 * (a note's id, else its content) and count as multisets: two equal history steps are two steps.
 */
function added<T>(before: readonly T[], after: readonly T[], keyOf: (item: T) => string): { added: T[]; altered: boolean } {
  const left = new Map<string, T[]>();
  for (const item of before) left.set(keyOf(item), [...(left.get(keyOf(item)) ?? []), item]);
  const fresh: T[] = [];
  let altered = false;
  for (const item of after) {
    const matches = left.get(keyOf(item));
    const match = matches?.shift();
    if (match === undefined) fresh.push(item);
    else if (!same(match, item)) altered = true;
  }
  if ([...left.values()].some((rest) => rest.length > 0)) altered = true;
  return { added: fresh, altered };
}

const noteKey = (note: NoteRead): string => (note.id !== undefined ? `id:${note.id}` : `text:${JSON.stringify(note)}`);
const stepKey = (step: StatusChangeRead): string => JSON.stringify(step);

/** The service's extra details by name; a name sent twice is compared as the list of its values. */
function otherByName(ticket: TroubleTicketRead): Map<string, string[]> {
  const byName = new Map<string, string[]>();
  for (const { name, value } of ticket.other ?? []) byName.set(name, [...(byName.get(name) ?? []), value]);
  return byName;
}

export function ticketChanges(seen: TroubleTicketRead, now: TroubleTicketRead): TicketChanges {
  const statusMoved = seen.status !== now.status;
  const notes = added(seen.note ?? [], now.note ?? [], noteKey);
  const history = added(seen.statusChange ?? [], now.statusChange ?? [], stepKey);
  const fields: string[] = [];
  // The page's order, then any field a newer reader adds that the page does not place yet: compared all the same.
  const sent = [...Object.keys(seen), ...Object.keys(now)].filter((name) => name !== 'id' && name !== 'other');
  for (const name of new Set([...placedFields, ...sent]) as Set<keyof TroubleTicketRead>) {
    if (quiet.includes(name) || name === 'status' || (statusMoved && withStatus.includes(name))) continue;
    if (name === 'note') {
      if (notes.altered) fields.push(name);
    } else if (name === 'statusChange') {
      if (history.altered) fields.push(name);
    } else if (!same(seen[name], now[name])) {
      fields.push(name);
    }
  }
  const before = otherByName(seen);
  const after = otherByName(now);
  for (const name of new Set([...after.keys(), ...before.keys()])) {
    if (!same(before.get(name), after.get(name))) fields.push(name);
  }
  return {
    ...(statusMoved ? { status: { from: seen.status, to: now.status } } : {}),
    newNotes: notes.added,
    newHistory: history.added,
    fields,
  };
}

/** Whether there is anything to tell the agent. */
export function hasChanges(changes: TicketChanges): boolean {
  return changes.status !== undefined || changes.newNotes.length > 0 || changes.newHistory.length > 0 || changes.fields.length > 0;
}
