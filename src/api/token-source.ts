/** Where the API client gets the bearer token for each request (the auth feature supplies the real one). */

export type TokenSource = {
  /** The current access token, or null when there is none: the request then goes without Authorization (-> 401). */
  getAccessToken(): Promise<string | null>;
};

/** The mocked service accepts any bearer token, so demo mode and tests need no sign-in. */
export const demoTokenSource: TokenSource = {
  getAccessToken: () => Promise.resolve('demo-token'),
};
