/** The typed client of the trouble ticket service: one function per operation of interface.md 4.1 and 4.2. */
import { z } from 'zod';
import type { CancelProductOrderFvo } from '../domain/cancel-order';
import { DEFAULT_LIMIT, MAX_LIMIT } from '../domain/list';
import type { FaultTicketFvo } from '../domain/ticket';
import { parseJson, readAs, resolveBaseUrl, send, type Endpoint, type HttpRequest, type UnauthorizedHook } from './http';
import { fieldsQueryString, listQueryString, type ListQuery } from './query-string';
import { CancelProductOrderRead, TroubleTicketRead } from './read-models';
import type { TokenSource } from './token-source';

export type { ListQuery } from './query-string';

export type Page<T> = {
  items: T[];
  /** All matching resources (`X-Total-Count`); undefined when the service does not say. */
  totalCount: number | undefined;
  /** Resources in this page (`X-Result-Count`, else the number of items). */
  resultCount: number;
  /** The offset and limit asked for, with the defaults of decisions.md "Lists" filled in. */
  offset: number;
  limit: number;
};

/** 201: the created resource; 202: accepted, created later (find it again through the list). */
export type CreateResult<T> = { status: 201; resource: T; location: string | null } | { status: 202 };

export type ApiClientOptions = {
  /** E.g. `config.apiBaseUrl`; relative means on the page's own origin. */
  baseUrl: string;
  tokenSource: TokenSource;
  /** For tests; defaults to the global fetch, looked up at call time (so MSW's interception applies). */
  fetch?: typeof fetch;
  /** A 401 from the service: renew the token (resolve true to retry once). The sign-in feature supplies it. */
  onUnauthorized?: UnauthorizedHook;
};

type ReadOptions = { fields?: readonly string[]; signal?: AbortSignal };

function count(value: string | null): number | undefined {
  return value !== null && /^[0-9]+$/.test(value.trim()) ? Number(value) : undefined;
}

/** `.` and `..` would be resolved away by URL parsing even when percent-encoded, and '' names no resource. */
function idSegment(id: string): string {
  if (id === '' || /^(\.|%2e){1,2}$/i.test(id)) throw new RangeError(`Not a usable resource id: "${id}"`);
  return encodeURIComponent(id);
}

export function createApiClient(options: ApiClientOptions) {
  const endpoint: Endpoint = {
    baseUrl: resolveBaseUrl(options.baseUrl),
    tokenSource: options.tokenSource,
    fetch: options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
    onUnauthorized: options.onUnauthorized,
  };
  const url = (path: string, query = '') => new URL(`${endpoint.baseUrl.href}${path}${query}`);

  async function create<T>(
    request: HttpRequest,
    schema: z.ZodType<T>,
    what: string,
  ): Promise<CreateResult<T>> {
    const answer = await send(endpoint, request);
    // 202 means "accepted, created later" (decisions.md); whatever body it carries is not a resource.
    if (answer.status === 202) return { status: 202 };
    // Any other 2xx (a 200 from a lenient gateway) still carries the created resource.
    const resource = readAs(schema, parseJson(answer, what), answer.status, what);
    return { status: 201, resource, location: answer.headers.get('Location') };
  }

  async function list<T>(path: string, schema: z.ZodType<T>, query: ListQuery, signal: AbortSignal | undefined): Promise<Page<T>> {
    const what = `GET ${path}`;
    const answer = await send(endpoint, { method: 'GET', url: url(path, listQueryString(query)), signal });
    // An array of items each read tolerantly; an item without an id makes the whole answer unusable.
    const items = readAs(z.array(schema), parseJson(answer, what), answer.status, what);
    return {
      items,
      totalCount: count(answer.headers.get('X-Total-Count')),
      resultCount: count(answer.headers.get('X-Result-Count')) ?? items.length,
      offset: query.offset ?? 0,
      limit: Math.min(query.limit ?? DEFAULT_LIMIT, MAX_LIMIT),
    };
  }

  async function retrieve<T>(path: string, id: string, schema: z.ZodType<T>, opts: ReadOptions): Promise<T> {
    const target = url(`${path}/${idSegment(id)}`, fieldsQueryString(opts.fields));
    const answer = await send(endpoint, { method: 'GET', url: target, signal: opts.signal });
    const what = `GET ${path}/{id}`;
    return readAs(schema, parseJson(answer, what), answer.status, what);
  }

  return {
    createTroubleTicket(body: FaultTicketFvo, opts: ReadOptions = {}): Promise<CreateResult<TroubleTicketRead>> {
      return create(
        {
          method: 'POST',
          url: url('/troubleTicket', fieldsQueryString(opts.fields)),
          body,
          contentType: 'application/json',
          signal: opts.signal,
        },
        TroubleTicketRead,
        'POST /troubleTicket',
      );
    },

    listTroubleTickets(query: ListQuery = {}, opts: { signal?: AbortSignal } = {}): Promise<Page<TroubleTicketRead>> {
      return list('/troubleTicket', TroubleTicketRead, query, opts.signal);
    },

    retrieveTroubleTicket(id: string, opts: ReadOptions = {}): Promise<TroubleTicketRead> {
      return retrieve('/troubleTicket', id, TroubleTicketRead, opts);
    },

    /** interface.md 4.2: no `fields` parameter, and the content type carries the charset exactly. */
    createCancelProductOrder(
      body: CancelProductOrderFvo,
      opts: { signal?: AbortSignal } = {},
    ): Promise<CreateResult<CancelProductOrderRead>> {
      return create(
        {
          method: 'POST',
          url: url('/cancelProductOrder'),
          body,
          contentType: 'application/json;charset=utf-8',
          signal: opts.signal,
        },
        CancelProductOrderRead,
        'POST /cancelProductOrder',
      );
    },

    listCancelProductOrders(query: ListQuery = {}, opts: { signal?: AbortSignal } = {}): Promise<Page<CancelProductOrderRead>> {
      return list('/cancelProductOrder', CancelProductOrderRead, query, opts.signal);
    },

    retrieveCancelProductOrder(id: string, opts: ReadOptions = {}): Promise<CancelProductOrderRead> {
      return retrieve('/cancelProductOrder', id, CancelProductOrderRead, opts);
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
