/** What the app and the receiver agree on for the event relay beyond its wire format (decision 0053). */

/**
 * The scope a direct-mode access token must carry to buy a stream ticket (the receiver's RELAY_SCOPE default); the
 * app asks for it at sign-in when it has a relay to listen to.
 */
export const DEFAULT_RELAY_SCOPE = 'ttd.relay';
