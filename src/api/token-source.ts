/** Where the API client gets the bearer token for each request (the auth feature supplies the real one). */
import { demoServiceReady } from '../lib/demo-service';

export type TokenSource = {
  /** The current access token, or null when there is none: the request then goes without Authorization (-> 401). */
  getAccessToken(): Promise<string | null>;
  /**
   * Gateway mode only: the session cookie goes by itself (no token, no stream ticket). Asked when the event stream was
   * refused or cut; re-reads the session and resolves true when it has ended.
   */
  sessionEnded?(): Promise<boolean>;
};

/**
 * The mocked service accepts any bearer token, so demo mode and tests need no sign-in. Its token is there once the
 * service runs: the demo paints before the service has started, and its requests wait here (src/lib/demo-service).
 */
export const demoTokenSource: TokenSource = {
  getAccessToken: async () => {
    await demoServiceReady();
    return 'demo-token';
  },
};
