/** Words of the wizard taking a ticket back from the outbox (Change, or Fix after a refusal) (English). */
export const entryOutboxEn = {
  loading: 'Taking the ticket back from the outbox…',
  goneTitle: 'This ticket is no longer in the outbox',
  gone: 'It was sent or withdrawn meanwhile. The outbox says what became of it.',
  failedTitle: 'The ticket could not be taken back',
  failed: 'This browser did not store its answers as a draft (storage is blocked or full); it stays in the outbox.',
  toOutbox: 'Go to the outbox',
};
