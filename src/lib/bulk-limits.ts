/**
 * The limits that protect the provider when many tickets are entered at once (issue 41 point 3), in one place: the
 * bulk page refuses a file with more rows, asks before sending more than `confirmAbove`, and the outbox's runner
 * sends at most `inFlight` tickets at the same time (docs/decisions/2026-11-28-bulk-entry-limits.md).
 */
export const bulkLimits = {
  /** Rows one batch may hold; a longer file is refused before it is checked. */
  maxRows: 500,
  /** More tickets than this are sent only after the agent confirms. */
  confirmAbove: 50,
  /** Creates the outbox has under way at the same time. */
  inFlight: 4,
} as const;
