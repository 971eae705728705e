/** The wizard run on screen: its draft id (every step's address carries it) and where it started (a ticket, or none). */
import { createContext, useCallback, useContext } from 'react';
import type { DraftOrigin } from '../model/draft';
import { stepHref } from '../model/step-href';
import type { StepId } from '../model/steps';

export type EntryRun = { draftId: string; origin?: DraftOrigin };

export const EntryRunContext = createContext<EntryRun>({ draftId: '' });

export function useEntryRun(): EntryRun {
  return useContext(EntryRunContext);
}

/** stepHref for this run: links and navigation stay on the same draft. */
export function useStepHref(): (step: StepId, options?: { field?: string; fromCheck?: boolean }) => string {
  const { draftId } = useEntryRun();
  return useCallback((step, options = {}) => stepHref(step, { ...options, draft: draftId || undefined }), [draftId]);
}
