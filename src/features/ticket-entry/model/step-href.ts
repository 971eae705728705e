/** The wizard's address for a step of a run: `/tickets/new?draft=k3x…&step=contacts&field=relatedParty.1.role&from=check`. */
import type { StepId } from './steps';

export const entryPath = '/tickets/new';

type Options = { draft?: string; field?: string; fromCheck?: boolean };

export function stepHref(step: StepId, { draft, field, fromCheck }: Options = {}): string {
  const params = new URLSearchParams();
  // The run first: it names the draft, so a reload or a shared address opens this one and no other.
  if (draft) params.set('draft', draft);
  params.set('step', step);
  if (field) params.set('field', field);
  if (fromCheck) params.set('from', 'check');
  return `${entryPath}?${params.toString()}`;
}

/** Addresses that start a follow-up of ticket `id`: a dispute of its resolution, or a copy as a new ticket. */
export const disputeHref = (id: string) => `${entryPath}?disputes=${encodeURIComponent(id)}`;
export const copyHref = (id: string) => `${entryPath}?copyOf=${encodeURIComponent(id)}`;
