/**
 * The wizard's drafts in the browser, per signed-in agent (src/lib/storage.ts): one per wizard run, each under its own
 * key `ticket-draft.<id>`, holding the whole form state, the step, where the run came from (a dispute or a copy of a
 * ticket) and what must survive a reload or a sign-in round trip. Never tokens. A draft of another version is ignored.
 */
import * as z from '../../../domain/zod';
import type { InvalidField } from '../../../domain/error';
import { draftNames, storedNames, userKey } from '../../../lib/storage';
import { storedRecords } from '../../../lib/stored-record';
import { emptyValues, type EntryValues } from './form-values';
import { steps, type StepId } from './steps';

export const draftVersion = 1;

/**
 * Where a run started: a dispute of a ticket (with what the agent saw of it when starting: its status, resolution
 * date and last status reason, shown beside the dispute reason) or a copy of a ticket. Absent for a new ticket.
 */
export type DraftOrigin =
  | { kind: 'dispute'; ticketId: string; status?: string; resolutionDate?: string; statusChangeReason?: string }
  | { kind: 'copy'; ticketId: string };

export type Draft = {
  /** The wizard run's id: the key's last part and the address's `draft=`. */
  id: string;
  version: typeof draftVersion;
  step: StepId;
  values: EntryValues;
  /** ISO date-time of the last save, shown on "Resume draft" and in the list of drafts. */
  savedAt: string;
  /** Set before a sign-in round trip (401): on return the wizard resumes at once, on check answers. */
  resumeOnReturn?: boolean;
  /**
   * An external id whose create got no answer (network failure, 5xx): the ticket may exist. A 409 for this id on the
   * next attempt means the first attempt created it.
   */
  unconfirmedExternalId?: string;
  origin?: DraftOrigin;
  /**
   * The service refused the ticket when the outbox sent it (400): its words, put on the fields when the run opens.
   * Not saved again by the autosave: once on screen they are the form's errors.
   */
  serviceErrors?: ServiceErrors;
};

export type ServiceErrors = { invalidFields: InvalidField[]; message?: string };

export type DraftContent = Omit<Draft, 'id' | 'version' | 'savedAt'>;

const optionalText = z.string().optional();
const StoredOrigin = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('dispute'), ticketId: z.string(), status: optionalText, resolutionDate: optionalText, statusChangeReason: optionalText }),
  z.object({ kind: z.literal('copy'), ticketId: z.string() }),
]);

/**
 * Words the service gave, as this browser stored them. Not the domain's InvalidField schema: that module is loaded
 * lazily by the API client, and a static import here would make the bundler wrap it on the first screen (0026).
 */
const StoredServiceErrors: z.ZodType<ServiceErrors> = z.object({
  invalidFields: z.array(z.object({ path: z.string(), message: z.string() })),
  message: z.string().optional(),
});

/** The outer shape is checked; the values are this version's own (an older draft has another version number). */
const StoredDraft = z.object({
  version: z.literal(draftVersion),
  step: z.enum(steps),
  savedAt: z.string(),
  values: z.record(z.string(), z.unknown()),
  resumeOnReturn: z.boolean().optional(),
  unconfirmedExternalId: z.string().optional(),
  // A draft whose origin cannot be read is still the agent's work: it is kept, as a draft of a new ticket.
  origin: StoredOrigin.optional().catch(undefined),
  serviceErrors: StoredServiceErrors.optional().catch(undefined),
});

/** Run ids: short, URL-safe, random enough that two runs of one agent never meet (getRandomValues needs no https). */
export function newDraftId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return Array.from(bytes, (byte) => byte.toString(36).padStart(2, '0')).join('');
}

const draftIdPattern = /^[a-z0-9]{1,40}$/;
export const isDraftId = (value: string | null): value is string => value !== null && draftIdPattern.test(value);

const drafts = storedRecords(StoredDraft);
const runName = (id: string) => `${draftNames.ticket}.${id}`;
export const draftKey = (userId: string, id: string) => userKey(userId, runName(id));
/** Where the wizard kept its single draft before drafts were kept per run; moved over by listDrafts. */
export const legacyDraftKey = (userId: string) => userKey(userId, draftNames.ticket);

function toDraft(id: string, stored: z.infer<typeof StoredDraft> | null): Draft | null {
  if (!stored) return null;
  // A field added to the form since the draft was saved starts empty rather than undefined.
  const values = { ...emptyValues(), ...stored.values } as EntryValues;
  const { origin, serviceErrors, ...rest } = stored;
  return { ...rest, id, version: draftVersion, values, ...(origin ? { origin } : {}), ...(serviceErrors ? { serviceErrors } : {}) };
}

export function readDraft(userId: string, id: string): Draft | null {
  return toDraft(id, drafts.read(userId, runName(id)));
}

/** False when the browser would not keep it (storage full or blocked): the draft then lasts for this page only. */
export function writeDraft(userId: string, id: string, draft: DraftContent, now = new Date()): boolean {
  return drafts.write(userId, runName(id), { ...draft, version: draftVersion, savedAt: now.toISOString() });
}

export function removeDraft(userId: string, id: string): void {
  drafts.remove(userId, runName(id));
}

/**
 * The single draft of before becomes a run of its own, so no agent loses typed work on upgrade. It is removed only
 * once the copy is stored; one that cannot be read stays where it is (sign-out still asks about it).
 */
function moveLegacyDraft(userId: string): void {
  const legacy = toDraft('', drafts.read(userId, draftNames.ticket));
  if (!legacy) return;
  const { id: _id, version: _version, savedAt, ...content } = legacy;
  const saved = new Date(savedAt);
  const when = Number.isNaN(saved.getTime()) ? new Date() : saved;
  if (writeDraft(userId, newDraftId(), content, when)) drafts.remove(userId, draftNames.ticket);
}

/** Every readable draft of this agent, the one changed last first. */
export function listDrafts(userId: string): Draft[] {
  moveLegacyDraft(userId);
  const prefix = `${draftNames.ticket}.`;
  return storedNames(userId, draftNames.ticket)
    .filter((name) => name.startsWith(prefix))
    .flatMap((name) => {
      const id = name.slice(prefix.length);
      const draft = readDraft(userId, id);
      return draft ? [draft] : [];
    })
    .sort((a, b) => Date.parse(b.savedAt) - Date.parse(a.savedAt) || a.id.localeCompare(b.id));
}

/** The draft left for a sign-in round trip (the newest, should two tabs have left one each). */
export function draftToResume(userId: string): Draft | null {
  return listDrafts(userId).find((draft) => draft.resumeOnReturn) ?? null;
}
