/** Words of the wizard for a service under strain: a 429 or 503 that says how long to wait, a send that got no answer. */
export const entryFaultsEn = {
  waitSeconds_one: 'The service asks you to wait {{count}} second before sending the ticket again.',
  waitSeconds_other: 'The service asks you to wait {{count}} seconds before sending the ticket again.',
  unconfirmedTitle: 'Your earlier attempt probably created this ticket',
  unconfirmedBody:
    'The first time you sent it, the answer was lost; the service now has an open ticket with the external ID {{externalId}}. It could not be looked up just now. Look for it in the ticket list: nothing was created twice.',
};
