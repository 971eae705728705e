/**
 * Words of the wizard's follow-ups and drafts (src/features/ticket-entry): the actions on a ticket's page, the banner
 * naming the source ticket, the disputed ticket beside the dispute reason, and the overview's list of unsent tickets.
 * A section of its own, so the detail page and the overview do not load the whole wizard's words.
 */
export const followUpEn = {
  action: {
    label: 'Follow-ups',
    dispute: 'Dispute this resolution',
    copy: 'Copy as new ticket',
    notResolved: 'Its resolution can be disputed once the ticket is resolved or closed.',
  },
  start: {
    loading: 'Loading ticket {{id}}…',
    loadFailed: 'Ticket {{id}} could not be loaded, so nothing could be copied from it.',
    backToTicket: 'Back to ticket {{id}}',
    notDisputableTitle: 'The resolution of ticket {{id}} cannot be disputed',
    notResolved: 'A dispute contests the resolution of a resolved or closed fault ticket. Ticket {{id}} is in the status {{status}}.',
    notFault: 'Ticket {{id}} is a dispute itself: a dispute contests the resolution of a fault ticket.',
  },
  banner: {
    dispute: 'You are disputing the resolution of',
    copy: 'The answers are copied from',
    ticket: 'ticket {{id}}',
    disputeHint:
      'Its agreements, contacts, related entities, category and access line are filled in. Enter your own external ticket ID and the reason, and check every answer: nothing is sent before you create the ticket.',
    copyHint:
      'Every answer is filled in except the external ticket ID: enter a new one, and check every answer. Nothing is sent before you create the ticket.',
  },
  disputed: {
    title: 'Ticket {{id}} as you opened the dispute',
    status: 'Status',
    resolutionDate: 'Resolved on',
    reason: 'Last status reason',
    notGiven: 'Not given',
  },
  drafts: {
    title: 'Unsent tickets',
    intro: 'Drafts are kept in this browser for you alone, the one changed last first.',
    kept_one: 'A draft is deleted {{count}} day after its last change, and when you sign out.',
    kept_other: 'A draft is deleted {{count}} days after its last change, and when you sign out.',
    kind: {
      new: 'New ticket',
      dispute: 'Dispute of ticket {{id}}',
      copy: 'Copy of ticket {{id}}',
    },
    what: '{{type}}, {{externalId}}',
    noType: 'type not chosen',
    noId: 'no external ID yet',
    savedAt: 'Last changed',
    resume: 'Resume',
    discard: 'Discard',
    confirm: 'Discard this draft? Its answers cannot be brought back.',
    confirmYes: 'Yes, discard it',
    confirmNo: 'Keep it',
    discarded: 'Draft discarded: {{what}}.',
    none: 'You have no unsent tickets.',
  },
};
