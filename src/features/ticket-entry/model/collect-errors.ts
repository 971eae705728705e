/** The errors of react-hook-form's nested error tree as a flat list of field names (a list's own error: the list). */
import type { FieldError, FieldErrors } from 'react-hook-form';

export type NamedError = { name: string; error: FieldError };

const isError = (node: unknown): node is FieldError =>
  typeof node === 'object' && node !== null && typeof (node as FieldError).type === 'string' && 'message' in node;

export function collectErrors(errors: FieldErrors | undefined): NamedError[] {
  const found: NamedError[] = [];
  const walk = (node: unknown, path: string) => {
    if (typeof node !== 'object' || node === null) return;
    if (isError(node)) {
      found.push({ name: path, error: node });
      return;
    }
    for (const [key, child] of Object.entries(node)) {
      // `root` is a list's own error; `ref` is the DOM element react-hook-form keeps next to an error.
      if (key === 'root') walk(child, path);
      else if (key !== 'ref') walk(child, path ? `${path}.${key}` : key);
    }
  };
  walk(errors, '');
  return found;
}
