/**
 * The wizard's draft in the browser, per signed-in agent (src/lib/storage.ts): the whole form state, the step, and
 * what must survive a reload or a sign-in round trip. Never tokens. A draft of another version is ignored.
 */
import { z } from 'zod';
import { draftNames, readJson, removePreference, userKey, writeJson } from '../../../lib/storage';
import { emptyValues, type EntryValues } from './form-values';
import { steps, type StepId } from './steps';

export const draftVersion = 1;

export type Draft = {
  version: typeof draftVersion;
  step: StepId;
  values: EntryValues;
  /** ISO date-time of the last save, shown on "Resume draft". */
  savedAt: string;
  /** Set before a sign-in round trip (401): on return the wizard resumes at once, on check answers. */
  resumeOnReturn?: boolean;
  /**
   * An external id whose create got no answer (network failure, 5xx): the ticket may exist. A 409 for this id on the
   * next attempt means the first attempt created it.
   */
  unconfirmedExternalId?: string;
};

/** The outer shape is checked; the values are this version's own (an older draft has another version number). */
const StoredDraft = z.object({
  version: z.literal(draftVersion),
  step: z.enum(steps),
  savedAt: z.string(),
  values: z.record(z.string(), z.unknown()),
  resumeOnReturn: z.boolean().optional(),
  unconfirmedExternalId: z.string().optional(),
});

export const draftKey = (userId: string) => userKey(userId, draftNames.ticket);

export function readDraft(userId: string): Draft | null {
  const parsed = StoredDraft.safeParse(readJson(draftKey(userId)));
  if (!parsed.success) return null;
  // A field added to the form since the draft was saved starts empty rather than undefined.
  const values = { ...emptyValues(), ...parsed.data.values } as EntryValues;
  return { ...parsed.data, version: draftVersion, values };
}

/** False when the browser would not keep it (storage full or blocked): the draft then lasts for this page only. */
export function writeDraft(userId: string, draft: Omit<Draft, 'version' | 'savedAt'>, now = new Date()): boolean {
  return writeJson(draftKey(userId), { ...draft, version: draftVersion, savedAt: now.toISOString() });
}

export function removeDraft(userId: string): void {
  removePreference(draftKey(userId));
}
