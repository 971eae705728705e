/** DOM ids of a form field and its hint and error, from the field's name (`relatedParty.0.role`). */

/**
 * A valid, stable id: the name with every character outside [A-Za-z0-9_-] replaced, so an error summary link
 * (`#field-relatedParty-0-role`) and a "Change" link can find the control again after a re-render or a reload.
 */
export function fieldId(name: string): string {
  return `field-${name.replace(/@/g, 'at-').replace(/[^A-Za-z0-9_-]/g, '-')}`;
}

export const hintId = (id: string) => `${id}-hint`;
export const errorId = (id: string) => `${id}-error`;

/** The ids a control's aria-describedby lists: hint first, then the error (GOV.UK order), then any extra. */
export function describedBy(id: string, { hint, error, extra }: { hint?: unknown; error?: unknown; extra?: string }): string | undefined {
  const ids = [hint ? hintId(id) : null, error ? errorId(id) : null, extra ?? null].filter((value): value is string => !!value);
  return ids.length ? ids.join(' ') : undefined;
}

/** Moves focus to a field by name or id and brings it into view; true when there was something to focus. */
export function focusField(idOrName: string): boolean {
  const element = document.getElementById(idOrName.startsWith('field-') ? idOrName : fieldId(idOrName));
  if (!element) return false;
  element.focus({ preventScroll: true });
  // The label sits above the control: GOV.UK scrolls so both are in view.
  const label = element.closest('.form-group, fieldset') ?? element;
  label.scrollIntoView?.({ block: 'start' });
  return true;
}
