/** MSW handlers for the six operations of interface.md 4.1/4.2, shared by the browser worker, Node tests and the HTTP server. */
import { http, HttpResponse, type HttpHandler, type PathParams } from 'msw';
import { cancelOrderServiceSortPaths } from '../src/domain/cancel-order-fields';
import { parseFields } from '../src/domain/list';
import { describeError } from '../src/domain/messages';
import type { FaultTicket } from '../src/domain/ticket';
import { ticketField, ticketSortNames } from '../src/domain/ticket-fields';
import { createAuthorizer, type AuthOptions, type Authorizer } from '../server/auth';
import { errorResponse, methodNotAllowed, notFound } from '../server/errors';
import { ticketIn, type Dialect } from './dialect';
import { validationError } from './errors';
import type { FaultInjector } from './faults';
import { listResponse, parseListQuery, runList, selectFields, type SortFields, type TotalCountMode } from './list';
import { CANCEL_ORDER_RATE_LIMIT, CANCEL_ORDER_RATE_WINDOW_SECONDS } from './rate-limit';
import type { Store } from './store';

/** Response content types: 4.1 answers application/json, 4.2 application/json;charset=utf-8. */
export const JSON_TYPE = 'application/json';
export const JSON_UTF8_TYPE = 'application/json;charset=utf-8';

export type HandlerOptions = {
  store: Store;
  /** Path prefix of both resources; defaults to the store's (`/tmf-api/troubleTicket/v5`). Any origin matches. */
  baseUrl?: string;
  /**
   * Credentials: none = any bearer token (demo, tests); AuthOptions = verify JWTs against that issuer; an Authorizer
   * made by the caller (the HTTP server keeps it to show what it has seen).
   */
  auth?: AuthOptions | Authorizer;
  /** Faults at a configured rate (mocks/faults.ts), after the credentials check; none when absent. */
  faults?: FaultInjector;
  /**
   * How the service answers, read on every request (a test may change it while the service runs): its dialect (v5 by
   * default, mocks/dialect.ts) and how it counts a list (X-Total-Count exact by default, mocks/list.ts).
   */
  settings?: MockSettings;
};

export type MockSettings = { dialect: Dialect; totalCount: TotalCountMode };

/**
 * What each collection can be sorted by (an unknown field is a 400, docs/mock-api.md): a ticket by the plain fields
 * its table sorts by (src/domain/ticket-fields.ts `sort`, their older spellings as aliases) and the nested ones.
 */
export const ticketSortFields: SortFields = {
  fields: ['id', 'status', 'ticketType', ...ticketSortNames, 'channel.name', 'channel.id', 'externalIdentifier.id'],
  aliases: {
    ...Object.fromEntries(ticketSortNames.flatMap((name) => (ticketField(name).older ?? []).map((older) => [older, name]))),
    externalId: 'externalIdentifier.id',
  },
};

export const cancelOrderSortFields: SortFields = {
  fields: cancelOrderServiceSortPaths,
};

type Info = { request: Request; params: PathParams };
type Resolve = (info: Info) => Response | Promise<Response>;

/**
 * Every operation: credentials first (401 before anything else, faults included), then the fault injector if any,
 * then the operation, in its family's content type.
 */
function operationWith(authorizer: Authorizer, faults: FaultInjector | undefined) {
  return (contentType: string, resolve: Resolve) =>
    async (info: Info): Promise<Response> => {
      const response =
        (await authorizer.authorize(info.request)) ??
        (faults ? await faults.run(info.request, async () => resolve(info)) : await resolve(info));
      // A dropped connection (Response.error()) has no headers to set: they are immutable.
      if (response.type !== 'error') response.headers.set('Content-Type', contentType);
      return response;
    };
}

/**
 * application/json, with or without `charset=utf-8` (any other media type or charset is a 400: 415 is not declared),
 * in UTF-8 (a byte sequence that is not is a 400, never read with replacement characters), parsed as JSON.
 */
async function readJson(request: Request): Promise<{ body: unknown } | { error: Response }> {
  const [mediaType = '', ...parameters] = (request.headers.get('Content-Type') ?? '').split(';').map((p) => p.trim().toLowerCase());
  const charset = parameters.find((p) => p.startsWith('charset='))?.slice('charset='.length).replace(/"/g, '');
  if (mediaType !== 'application/json' || (charset !== undefined && charset !== 'utf-8')) {
    return { error: errorResponse(400, 'invalidContentType', `The body must be JSON (Content-Type: application/json), not "${mediaType || 'none'}"`) };
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(await request.arrayBuffer());
  } catch {
    return { error: errorResponse(400, 'malformedJson', 'The request body is not valid UTF-8') };
  }
  try {
    return { body: JSON.parse(text) as unknown };
  } catch {
    return { error: errorResponse(400, 'malformedJson', 'The request body is not valid JSON') };
  }
}

/** The same external id twice in one body: a 400 naming the second one (the service could never tell them apart). */
function repeatedExternalId(ids: readonly string[]): Response | undefined {
  const seen = new Set<string>();
  for (const [index, id] of ids.entries()) {
    if (seen.has(id)) {
      const path = `externalIdentifier[${index}].id`;
      return errorResponse(400, 'invalidBody', `The body is not a valid FaultTicket_FVO: 1 invalid field: ${path}`, {
        invalidFields: [{ path, message: `External identifier: "${id}" is given more than once` }],
      });
    }
    seen.add(id);
  }
  return undefined;
}

/**
 * The request bodies' schemas, loaded by the first create. The demo runs this service on the page's main thread, where
 * building all of the interface's schemas with the rest of the service makes one long task in the middle of its first
 * screen (decision 0058; docs/quality.md); most demos list tickets long before they create one.
 */
const bodySchemas = {
  ticket: () => import('../src/domain/ticket'),
  cancelOrder: () => import('../src/domain/cancel-order'),
};

const fieldsOf = (request: Request) => parseFields(new URL(request.url).searchParams.get('fields'));
const idOf = (params: PathParams) => String(params.id);

const defaultSettings = (): MockSettings => ({ dialect: 'v5', totalCount: 'exact' });

function list<T extends object>(items: () => readonly T[], sortFields: SortFields, settings: MockSettings, present?: (item: T) => object): Resolve {
  return ({ request }) => {
    const parsed = parseListQuery(new URL(request.url).searchParams, sortFields);
    if ('issues' in parsed) return validationError('invalidQuery', 'The query is not valid', parsed.issues);
    const { page, total } = runList(items(), parsed.query, present);
    return listResponse(page, total, settings.totalCount);
  };
}

export function createHandlers({ store, baseUrl = store.baseUrl, auth, faults, settings = defaultSettings() }: HandlerOptions): HttpHandler[] {
  const operation = operationWith(auth && 'authorize' in auth ? auth : createAuthorizer(auth), faults);
  const presentTicket = (ticket: FaultTicket) => ticketIn(settings.dialect)(ticket);
  const tickets = `*${baseUrl}/troubleTicket`;
  const orders = `*${baseUrl}/cancelProductOrder`;

  const createTroubleTicket: Resolve = async ({ request }) => {
    const read = await readJson(request);
    if ('error' in read) return read.error;
    const { FaultTicketFvo } = await bodySchemas.ticket();
    const parsed = FaultTicketFvo.safeParse(read.body);
    if (!parsed.success) return validationError('invalidBody', 'The body is not a valid FaultTicket_FVO', describeError(parsed.error));
    const ids = parsed.data.externalIdentifier.map((e) => e.id);
    const repeated = repeatedExternalId(ids);
    if (repeated) return repeated;
    const open = store.openTicketWithExternalId(ids);
    if (open) {
      const id = open.externalIdentifier.find((e) => ids.includes(e.id))?.id;
      return errorResponse(409, 'duplicateExternalIdentifier', `Ticket ${open.id} (status ${open.status}) already carries externalIdentifier ${id}`);
    }
    const ticket = store.createTicket(parsed.data);
    return HttpResponse.json(selectFields(presentTicket(ticket), fieldsOf(request)), { status: 201, headers: { Location: ticket.href } });
  };

  const createCancelProductOrder: Resolve = async ({ request }) => {
    const decision = store.cancelOrderRateLimit.take();
    if (!decision.allowed) {
      return errorResponse(
        429,
        'tooManyRequests',
        `At most ${CANCEL_ORDER_RATE_LIMIT} cancellations per ${CANCEL_ORDER_RATE_WINDOW_SECONDS} seconds; retry in ${decision.retryAfterSeconds} s`,
        { headers: { 'Retry-After': String(decision.retryAfterSeconds) } },
      );
    }
    const read = await readJson(request);
    if ('error' in read) return read.error;
    const { CancelProductOrderFvo } = await bodySchemas.cancelOrder();
    const parsed = CancelProductOrderFvo.safeParse(read.body);
    if (!parsed.success) return validationError('invalidBody', 'The body is not a valid CancelProductOrder_FVO', describeError(parsed.error));
    const open = store.openCancellationOf(parsed.data.productOrder.id);
    if (open) {
      return errorResponse(409, 'cancellationUnderWay', `Cancellation ${open.id} (state ${open.state}) of product order ${parsed.data.productOrder.id} is under way`);
    }
    // 4.2 declares no `fields` parameter for this create: the whole resource is returned.
    const order = store.createCancelOrder(parsed.data);
    return HttpResponse.json(order, { status: 201, headers: { Location: order.href } });
  };

  const retrieve =
    <T extends object>(find: (id: string) => T | undefined, what: string, present: (item: T) => object = (item) => item): Resolve =>
    ({ request, params }) => {
      const found = find(idOf(params));
      return found ? HttpResponse.json(selectFields(present(found), fieldsOf(request))) : notFound(what, idOf(params));
    };

  const notAllowed = (allow: readonly string[]): Resolve => ({ request }) => methodNotAllowed(request.method, allow);

  // The list first: MSW tries handlers in order, and the overview alone asks for a dozen counts.
  return [
    http.get(tickets, operation(JSON_TYPE, list(store.tickets, ticketSortFields, settings, presentTicket))),
    http.post(tickets, operation(JSON_TYPE, createTroubleTicket)),
    http.get(`${tickets}/:id`, operation(JSON_TYPE, retrieve(store.ticket, 'trouble ticket', presentTicket))),
    http.all(tickets, operation(JSON_TYPE, notAllowed(['GET', 'POST']))),
    http.all(`${tickets}/:id`, operation(JSON_TYPE, notAllowed(['GET']))),

    http.post(orders, operation(JSON_UTF8_TYPE, createCancelProductOrder)),
    http.get(orders, operation(JSON_UTF8_TYPE, list(store.cancelOrders, cancelOrderSortFields, settings))),
    http.get(`${orders}/:id`, operation(JSON_UTF8_TYPE, retrieve(store.cancelOrder, 'cancel product order'))),
    http.all(orders, operation(JSON_UTF8_TYPE, notAllowed(['GET', 'POST']))),
    http.all(`${orders}/:id`, operation(JSON_UTF8_TYPE, notAllowed(['GET']))),
  ];
}
