/**
 * A key kept while the shortcuts loaded, given to the field a shortcut has since focused (`/` then an id typed at once,
 * issue 28): its character at the caret, Backspace, or Enter (the field's form). Loaded with the bindings, not on the
 * first screen. Through setRangeText and an input event, so React sees the change as typed.
 */
export function typeInto(field: HTMLInputElement, key: string): void {
  if (key === 'Enter') return field.form?.requestSubmit();
  const start = field.selectionStart ?? field.value.length;
  const end = field.selectionEnd ?? start;
  if (key === 'Backspace') field.setRangeText('', start === end ? Math.max(0, start - 1) : start, end, 'end');
  else if (key.length === 1 && (field.maxLength < 0 || field.value.length < field.maxLength)) field.setRangeText(key, start, end, 'end');
  else return;
  field.dispatchEvent(new Event('input', { bubbles: true }));
}
