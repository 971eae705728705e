/** The typed client of the trouble ticket service: one function per operation of interface.md 4.1 and 4.2. */
import type * as z from '../domain/zod';
import type { CancelProductOrderFvo } from '../domain/cancel-order';
import type { FaultTicketFvo } from '../domain/ticket';
import { joinUrl, parseJson, readAs, resolveBaseUrl, send, type Endpoint, type HttpRequest, type UnauthorizedHook } from './http';
import { fieldsQueryString, listQueryString, type ListQuery } from './query-string';
import type { CancelProductOrderRead, TroubleTicketRead } from './read-models';
import type { TokenSource } from './token-source';

type Readers = typeof import('./readers');
type Model = keyof Readers['readModels'];
type ReadModel<M extends Model> = Readers['readModels'][M] extends z.ZodType<infer T> ? T : never;

/**
 * The schemas arrive in their own chunk (zod is not on the first screen, docs/decisions/0026). The import starts with
 * the request, so the first read waits for whichever is slower, not for both in turn.
 */
function loadReaders(): Promise<Readers> {
  const readers = import('./readers');
  // Awaited later, after the request; a failure must not count as unhandled if the request fails first.
  readers.catch(() => undefined);
  return readers;
}

export type { ListQuery } from './query-string';

export type Page<T> = {
  items: T[];
  /** All matching resources (`X-Total-Count`); undefined when the service does not say, or says fewer than it sent. */
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

/**
 * X-Total-Count as far as it can be believed: a total smaller than what this very answer shows (`X-Total-Count: 0` with
 * a full page) is a service that does not count, the same as one that sends no total (docs/decisions/0027).
 */
function believableTotal(reported: number | undefined, offset: number, received: number): number | undefined {
  return reported !== undefined && received > 0 && reported < offset + received ? undefined : reported;
}

/** How many items a list answer holds, without reading them as resources (a count needs no schema); -1: unreadable. */
function itemsIn(text: string): number {
  try {
    const body: unknown = JSON.parse(text);
    return Array.isArray(body) ? body.length : -1;
  } catch {
    return -1;
  }
}

/**
 * How many match, as far as one answer shows. `exact`: the service's believable X-Total-Count, or, without one, an
 * empty first page (nothing matches). Otherwise `value` is what arrived, a floor ("at least 1"; 0: unknown).
 */
export type Count = { value: number; exact: boolean };

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
  const url = (path: string, query = '') => joinUrl(endpoint.baseUrl, path, query);

  async function create<M extends Model>(request: HttpRequest, model: M, what: string): Promise<CreateResult<ReadModel<M>>> {
    const readers = loadReaders();
    const answer = await send(endpoint, request);
    // 202 means "accepted, created later" (decisions.md); whatever body it carries is not a resource.
    if (answer.status === 202) return { status: 202 };
    // Any other 2xx (a 200 from a lenient gateway) still carries the created resource.
    const schema = (await readers).readModels[model] as z.ZodType<ReadModel<M>>;
    const resource = readAs(schema, parseJson(answer, what), answer.status, what);
    return { status: 201, resource, location: answer.headers.get('Location') };
  }

  async function list<M extends Model>(path: string, model: M, query: ListQuery, signal: AbortSignal | undefined): Promise<Page<ReadModel<M>>> {
    const what = `GET ${path}`;
    const readers = loadReaders();
    const answer = await send(endpoint, { method: 'GET', url: url(path, listQueryString(query)), signal });
    const { readItems, readModels, pageLimit } = await readers;
    const items = readItems(readModels[model] as z.ZodType<ReadModel<M>>, parseJson(answer, what), answer.status, what);
    const offset = query.offset ?? 0;
    const resultCount = count(answer.headers.get('X-Result-Count'));
    return {
      items,
      totalCount: believableTotal(count(answer.headers.get('X-Total-Count')), offset, items.length),
      // The items received are the truth: a header that says otherwise is not believed either.
      resultCount: resultCount === items.length ? resultCount : items.length,
      offset,
      limit: pageLimit(query.limit),
    };
  }

  /** How many match: X-Total-Count of a one-item page; the body is only counted, never read as resources. */
  async function total(path: string, fields: readonly string[], filters: ListQuery['filters'], signal: AbortSignal | undefined) {
    const answer = await send(endpoint, { method: 'GET', url: url(path, listQueryString({ limit: 1, fields, filters })), signal });
    const received = itemsIn(answer.text);
    const reported = believableTotal(count(answer.headers.get('X-Total-Count')), 0, received);
    // Never undefined: TanStack Query takes a query that resolves undefined for a failure (issue 28).
    return reported === undefined ? { value: Math.max(received, 0), exact: received === 0 } : { value: reported, exact: true };
  }

  async function retrieve<M extends Model>(path: string, id: string, model: M, opts: ReadOptions): Promise<ReadModel<M>> {
    const target = url(`${path}/${idSegment(id)}`, fieldsQueryString(opts.fields));
    const readers = loadReaders();
    const answer = await send(endpoint, { method: 'GET', url: target, signal: opts.signal });
    const what = `GET ${path}/{id}`;
    return readAs((await readers).readModels[model] as z.ZodType<ReadModel<M>>, parseJson(answer, what), answer.status, what);
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
        'troubleTicket',
        'POST /troubleTicket',
      );
    },

    listTroubleTickets(query: ListQuery = {}, opts: { signal?: AbortSignal } = {}): Promise<Page<TroubleTicketRead>> {
      return list('/troubleTicket', 'troubleTicket', query, opts.signal);
    },

    /** Tickets matching `filters` (e.g. `{ status: 'held' }`); a floor when the service gives no usable X-Total-Count. */
    countTroubleTickets(filters: ListQuery['filters'] = {}, opts: { signal?: AbortSignal } = {}): Promise<Count> {
      return total('/troubleTicket', ['status'], filters, opts.signal);
    },

    retrieveTroubleTicket(id: string, opts: ReadOptions = {}): Promise<TroubleTicketRead> {
      return retrieve('/troubleTicket', id, 'troubleTicket', opts);
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
        'cancelProductOrder',
        'POST /cancelProductOrder',
      );
    },

    listCancelProductOrders(query: ListQuery = {}, opts: { signal?: AbortSignal } = {}): Promise<Page<CancelProductOrderRead>> {
      return list('/cancelProductOrder', 'cancelProductOrder', query, opts.signal);
    },

    /** Cancellations matching `filters`; a floor when the service gives no usable X-Total-Count. */
    countCancelProductOrders(filters: ListQuery['filters'] = {}, opts: { signal?: AbortSignal } = {}): Promise<Count> {
      return total('/cancelProductOrder', ['state'], filters, opts.signal);
    },

    retrieveCancelProductOrder(id: string, opts: ReadOptions = {}): Promise<CancelProductOrderRead> {
      return retrieve('/cancelProductOrder', id, 'cancelProductOrder', opts);
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
