/** The part of oidc-provider 9's API that the dev provider uses (the package ships no types). */
declare module 'oidc-provider' {
  import type { IncomingMessage, Server, ServerResponse } from 'node:http';

  /** Koa's request context, as far as the interaction middleware touches it. */
  export interface KoaContext {
    method: string;
    path: string;
    status: number;
    body: unknown;
    type: string;
    host: string;
    req: IncomingMessage;
    res: ServerResponse;
    redirect(url: string): void;
    set(name: string, value: string): void;
    oidc?: OidcContext;
  }

  export interface OidcContext {
    client?: Client;
    session: { accountId?: string; grantIdFor(clientId: string): string | undefined };
    result?: { consent?: { grantId?: string } };
    params?: Record<string, unknown>;
    provider: Provider;
  }

  export interface Client {
    clientId: string;
  }

  export interface Interaction {
    uid: string;
    prompt: { name: string; reasons: string[]; details: Record<string, unknown> };
    params: Record<string, unknown>;
    session?: { accountId: string };
    lastSubmission?: Record<string, unknown>;
  }

  export interface Grant {
    exp?: number;
    addOIDCScope(scope: string): void;
    addOIDCClaims(claims: string[]): void;
    addResourceScope(resource: string, scope: string): void;
    save(): Promise<string>;
  }

  export interface GrantConstructor {
    new (init: { accountId: string | undefined; clientId: string }): Grant;
    find(id: string): Promise<Grant | undefined>;
  }

  export type Next = () => Promise<void>;

  /** OAuth error classes; a thrown one becomes the matching error response. */
  export const errors: {
    InvalidTarget: new (description?: string) => Error;
  };

  /** The configuration object; its members are documented in oidc-provider's docs/README.md. */
  export type Configuration = Record<string, unknown>;

  export default class Provider {
    constructor(issuer: string, configuration: Configuration);
    readonly issuer: string;
    proxy: boolean;
    readonly Grant: GrantConstructor;
    use(middleware: (ctx: KoaContext, next: Next) => Promise<void>): this;
    listen(port: number, host: string, callback?: () => void): Server;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>;
    interactionResult(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<string>;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }
}
