/**
 * A template's answers and a form's values: what a template keeps (the values minus what belongs to one ticket) and
 * how its answers fill a form again, read tolerantly (an answer whose field the form no longer has is dropped, and
 * named, so the agent is told). Generic over the form: the wizard and the bulk page each pass their own values.
 */

/** The values a template keeps: every top-level answer but those named in `perTicket`. */
export function templateAnswersOf<V extends object>(values: V, perTicket: readonly (keyof V & string)[]): Record<string, unknown> {
  const left = new Set<string>(perTicket);
  // A structured copy: the form's rows are not shared with the template that is stored.
  return JSON.parse(JSON.stringify(Object.fromEntries(Object.entries(values).filter(([name]) => !left.has(name))))) as Record<string, unknown>;
}

const kindOf = (value: unknown) => (Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value);

/**
 * The form's empty values with the template's answers in them. An answer is taken when the form still has that
 * field and the answer is of the same kind (text, list, group…); anything else is dropped and its name returned.
 * `perTicket` fields stay empty whatever the template holds.
 */
export function valuesFromTemplate<V extends object>(empty: V, answers: Record<string, unknown>, perTicket: readonly (keyof V & string)[] = []): { values: V; dropped: string[] } {
  const values: Record<string, unknown> = { ...(empty as Record<string, unknown>) };
  const dropped: string[] = [];
  const left = new Set<string>(perTicket);
  for (const [name, answer] of Object.entries(answers)) {
    if (left.has(name)) continue;
    if (!Object.hasOwn(empty, name) || kindOf((empty as Record<string, unknown>)[name]) !== kindOf(answer)) {
      dropped.push(name);
      continue;
    }
    values[name] = answer;
  }
  return { values: values as V, dropped };
}
