/** Why a template could not be read, saved, renamed or deleted: one vocabulary for the gateway and the browser store. */

export type TemplateProblemKind =
  /** Another template has this name (case and surrounding spaces do not count). */
  | 'nameTaken'
  /** The desk (gateway) or this browser holds the most templates it keeps. */
  | 'tooMany'
  /** The answers are larger than a template may be. */
  | 'tooLarge'
  /** The name or answers do not pass the template's schema. */
  | 'invalid'
  /** A viewer (gateway mode): reading only. */
  | 'forbidden'
  /** Deleted meanwhile (by another agent, or in another tab). */
  | 'notFound'
  /** The session ended (gateway mode): sign in again. */
  | 'signedOut'
  /** The gateway or this browser's storage could not be reached. */
  | 'unavailable';

export class TemplateProblem extends Error {
  constructor(
    readonly kind: TemplateProblemKind,
    message = `The template could not be kept (${kind}).`,
  ) {
    super(message);
    this.name = 'TemplateProblem';
  }
}

export const problemKindOf = (error: unknown): TemplateProblemKind => (error instanceof TemplateProblem ? error.kind : 'unavailable');
