/** The wizard's address for a step: `/tickets/new?step=contacts&field=relatedParty.1.role&from=check`. */
import type { StepId } from './steps';

export const entryPath = '/tickets/new';

export function stepHref(step: StepId, { field, fromCheck }: { field?: string; fromCheck?: boolean } = {}): string {
  const params = new URLSearchParams({ step });
  if (field) params.set('field', field);
  if (fromCheck) params.set('from', 'check');
  return `${entryPath}?${params.toString()}`;
}
