/**
 * What a create came to, per resource and outcome kind (src/domain/create-outcome.ts), as
 * src/components/outcomes/ shows it in the wizard, the outbox and the cancellation. Same keys in outcomes.de.ts.
 */
export const outcomesEn = {
  ticket: {
    createdTitle: 'Ticket created',
    createdBody: 'The service created the ticket {{id}}.',
    open: 'Open ticket {{id}}',
    openExisting: 'Open ticket {{id}}, status {{status}}',
    acceptedTitle: 'Ticket accepted',
    acceptedBody:
      'The service has accepted the ticket with the external ID {{externalId}} and will create it shortly. It then appears in the ticket list.',
    acceptedLink: 'Find ticket {{externalId}} in the ticket list',
    findInList: 'Look for {{externalId}} in the ticket list',
    invalidTitle: 'The service refused some answers',
    invalid_one: 'The service named {{count}} answer to fix; nothing was created.',
    invalid_other: 'The service named {{count}} answers to fix; nothing was created.',
    invalidNoFields: 'The service did not say which answer it refused: {{reason}}',
    conflictTitle: 'A ticket with this external ID already exists',
    conflictBody: 'The service already has an open ticket with the external ID {{externalId}}, so it created nothing.',
    unconfirmedTitle: 'Your earlier attempt probably created this ticket',
    unconfirmedBody:
      'The first time you sent it, the answer was lost; the service now has an open ticket with the external ID {{externalId}}. It could not be looked up just now. Look for it in the ticket list: nothing was created twice.',
    unauthorizedTitle: 'Your session has ended',
    unauthorizedBody:
      'Sign in again to send the ticket. Your answers are kept, and you come back to this page after signing in.',
    forbiddenTitle: 'This account may not create tickets',
    forbiddenBody:
      'The service refused to create tickets for the account you are signed in with (HTTP 403). Your answers are kept as a draft: ask for access to ticket creation, then send it again.',
    retryTitle: 'The ticket could not be sent',
    retryBody: 'Your answers are kept. Try again in a moment.',
    waitSeconds_one: 'The service asks you to wait {{count}} second before sending the ticket again.',
    waitSeconds_other: 'The service asks you to wait {{count}} seconds before sending the ticket again.',
    unsupportedTitle: 'The service cannot create tickets here',
    unsupportedBody: 'Your answers are kept as a draft. Tell the service desk team about this message.',
    unreadableTitle: 'The service’s answer could not be read',
    unreadableBody:
      'The ticket may have been created. Look for it in the ticket list before you send it again; sending it again cannot create a second ticket with the same external ID.',
  },
  cancellation: {
    createdTitle: 'Cancellation requested',
    createdBody: 'The service recorded the cancellation {{id}}.',
    open: 'See cancellation {{id}}',
    acceptedTitle: 'Cancellation request accepted',
    acceptedBody:
      'The service has accepted the cancellation of product order {{id}} and will record it shortly. It then appears in the list of order cancellations.',
    acceptedLink: 'See the cancellations of product order {{id}}',
    invalidTitle: 'The service refused the cancellation',
    invalidMessage: 'The service refused the cancellation as invalid: {{message}}',
    invalidNoDetail: 'The service refused the cancellation as invalid, without saying which answer is wrong.',
    notAcceptableTitle: 'The service cannot answer in a form this app reads',
    notAcceptableBody:
      'The service refused to answer in JSON (HTTP 406). Nothing was cancelled and your input is kept. Tell the service desk team if this goes on.',
    unauthorizedTitle: 'Sign in again to send the cancellation',
    unauthorizedBody:
      'Your session has ended (HTTP 401). Nothing was sent, and your input is kept: after signing in you come back to this page to send it.',
    forbiddenTitle: 'You are not allowed to cancel product orders',
    forbiddenBody: 'The service refused the cancellation (HTTP 403). Your input is kept. Ask for the right to cancel product orders.',
    conflictTitle: 'A cancellation for this order is already under way',
    conflictBody: 'Product order {{id}} already has a cancellation that has not finished. A second one can be sent only when it has ended.',
    conflictAfterLost: 'An earlier attempt of yours may have reached the service after all: check the cancellation under way before sending again.',
    conflictLink: 'See cancellation {{id}} ({{state}})',
    conflictListLink: 'See the cancellations of product order {{id}}',
    unconfirmedTitle: 'Your earlier attempt probably recorded this cancellation',
    unconfirmedBody: 'The first answer was lost, and product order {{id}} now has a cancellation under way. Check it before sending again.',
    busyAgainTitle: 'The service is still busy',
    busyAgainBody:
      'The service refused the cancellation again (HTTP 429), so nothing was sent. Your input is kept: wait a minute and send it again.',
    longWaitBody: 'The service asks to wait until {{time}} (HTTP 429), so nothing was sent. Your input is kept: send it again after that time.',
    failedTitle: 'The cancellation was not sent',
    kept: 'Your input is kept.',
    unreadableTitle: 'The service answered, but the answer could not be read',
    unreadableBody: 'The cancellation may have been recorded. Check the cancellations of product order {{id}} before sending it again.',
  },
};
