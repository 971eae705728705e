/** The dev provider's one client (the app) and the API's scope, apart from the provider so tests can import them cheaply. */

export const DEV_CLIENT_ID = 'trouble-ticket-desk';
/** The API's own scope; the app asks for it (VITE_OIDC_SCOPE) so its access token carries it. */
export const API_SCOPE = 'tickets';
