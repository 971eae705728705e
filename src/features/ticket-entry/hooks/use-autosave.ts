/**
 * Autosaves the wizard run's draft as the agent types: ~300 ms after the last change, at once on pagehide (reload,
 * closed tab) and when the wizard unmounts. Reads the values only when saving, so typing costs nothing but a timer.
 * Each run writes its own draft only, so two runs (two tabs, or a follow-up started meanwhile) never overwrite each other.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { UseFormGetValues } from 'react-hook-form';
import { prepareSealing } from '../../../lib/sealed-storage';
import { writeDraft, type Draft } from '../model/draft';
import type { EntryValues } from '../model/form-values';

export const autosaveDelay = 300;

type Extra = Pick<Draft, 'step' | 'unconfirmedExternalId' | 'origin'>;

export type Autosave = {
  /** Something changed: save soon. */
  changed(): void;
  /** Save now (before a sign-in round trip), with extra draft fields; false when storage refused. */
  saveNow(extra?: Partial<Pick<Draft, 'resumeOnReturn' | 'step'>>): boolean;
  /** Stop saving for good (the ticket was created or the draft discarded), so a late timer cannot bring it back. */
  stop(): void;
  /** Storage refused a save: say so (once) and keep going. */
  failed: boolean;
};

export function useAutosave(
  userId: string,
  draftId: string,
  getValues: UseFormGetValues<EntryValues>,
  extra: Extra,
  { startDirty }: { startDirty: boolean },
): Autosave {
  const [failed, setFailed] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // Nothing is stored until the agent changes something: opening the page must not leave a draft behind.
  const dirty = useRef(startDirty);
  const stopped = useRef(false);
  // Once a sign-in round trip has begun, every later save (pagehide as the page leaves) must keep saying so.
  const resumeOnReturn = useRef<true | undefined>(undefined);
  const latest = useRef(extra);
  useEffect(() => {
    latest.current = extra;
  });

  const saveNow = useCallback(
    (more: Partial<Pick<Draft, 'resumeOnReturn' | 'step'>> = {}) => {
      clearTimeout(timer.current);
      timer.current = undefined;
      if (stopped.current) return true;
      if (more.resumeOnReturn) resumeOnReturn.current = true;
      const ok = writeDraft(userId, draftId, { ...latest.current, values: getValues(), ...more, resumeOnReturn: resumeOnReturn.current });
      if (!ok) setFailed(true);
      return ok;
    },
    [draftId, getValues, userId],
  );

  const changed = useCallback(() => {
    if (stopped.current) return;
    dirty.current = true;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => saveNow(), autosaveDelay);
  }, [saveNow]);

  const stop = useCallback(() => {
    stopped.current = true;
    clearTimeout(timer.current);
  }, []);

  // The draft is sealed after each save (decision 0054): the key is read now, so a reload right after typing finds
  // the sealing quick.
  useEffect(() => prepareSealing(userId), [userId]);

  useEffect(() => {
    const flush = () => {
      if (dirty.current && !stopped.current) saveNow();
    };
    // Drafts are sealed asynchronously (decision 0054): beforeunload starts the sealing while the page still lives,
    // pagehide catches what changed after it.
    window.addEventListener('beforeunload', flush);
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('beforeunload', flush);
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [saveNow]);

  // A step change is a change too (the draft remembers where the agent was).
  useEffect(() => {
    if (dirty.current) changed();
  }, [extra.step, extra.unconfirmedExternalId, changed]);

  return { changed, saveNow, stop, failed };
}
