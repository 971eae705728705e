/** What the gateway knows of a signed-in agent on each request: the session's public part, never its tokens. */

export type GatewayRole = 'agent' | 'viewer';

export type GatewaySession = {
  /** The store's id of the session (the SHA-256 of the cookie's value), for logs and ending its streams. */
  id: string;
  subject: string;
  name: string;
  roles: GatewayRole[];
  /** True when the roles include `agent`: only agents create tickets and cancellations. */
  canWrite: boolean;
};
