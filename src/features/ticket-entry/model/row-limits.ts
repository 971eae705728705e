/**
 * How many rows each list may have, per ticket type (interface.md 2.3 and 8): what the wizard shows at least and when
 * it stops offering "Add". row-limits.test.ts checks every bound against the domain schema, so the two cannot drift.
 */
import type { TicketType } from '../../../domain/ticket';
import { emptyEntity, emptyParty, type EntryValues } from './form-values';

export type RowList = 'agreement' | 'relatedParty' | 'relatedEntity' | 'faultQuestionnaire' | 'billingItem';
export type Limits = { min: number; max: number };

/** Agreements have no upper bound in the interface. */
const unbounded = Number.POSITIVE_INFINITY;

export const rowLimits: Record<TicketType, Record<RowList, Limits>> = {
  fault: {
    agreement: { min: 1, max: unbounded },
    relatedParty: { min: 2, max: 99 },
    relatedEntity: { min: 1, max: 3 },
    faultQuestionnaire: { min: 0, max: 99 },
    billingItem: { min: 0, max: 99 },
  },
  dispute: {
    agreement: { min: 1, max: unbounded },
    relatedParty: { min: 0, max: 99 },
    relatedEntity: { min: 0, max: 3 },
    faultQuestionnaire: { min: 0, max: 99 },
    billingItem: { min: 0, max: 99 },
  },
};

/** Before a type is chosen, nothing is demanded beyond what both types share (the dispute's lower bounds). */
export function limitsOf(ticketType: EntryValues['ticketType'], list: RowList): Limits {
  return rowLimits[ticketType === '' ? 'dispute' : ticketType][list];
}

const isUntouched = (row: unknown, empty: unknown) => JSON.stringify(row) === JSON.stringify(empty);

/**
 * The rows a new ticket type asks for, applied at once when the type changes: a fault gets empty rows up to its
 * minimum (2 contacts, 1 related entity); a dispute drops the trailing rows nobody has typed into (typed rows stay).
 */
export function rowsForType(
  values: Pick<EntryValues, 'relatedParty' | 'relatedEntity'>,
  ticketType: EntryValues['ticketType'],
): Pick<EntryValues, 'relatedParty' | 'relatedEntity'> {
  const fit = <T>(rows: T[], list: 'relatedParty' | 'relatedEntity', empty: () => T): T[] => {
    const { min } = limitsOf(ticketType, list);
    const next = [...rows];
    while (next.length > min && isUntouched(next.at(-1), empty())) next.pop();
    while (next.length < min) next.push(empty());
    return next;
  };
  return {
    relatedParty: fit(values.relatedParty, 'relatedParty', emptyParty),
    relatedEntity: fit(values.relatedEntity, 'relatedEntity', emptyEntity),
  };
}
