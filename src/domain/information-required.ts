/**
 * What a TroubleTicketInformationRequiredEvent asks for (decisions.md "Events"). The official TMF621 v5.0.1 OpenAPI
 * carries `event: { troubleTicket, informationRequired }`, one JSON Patch operation (`{ op, path }`, `path` a JSON
 * Pointer such as `/attachment`); a list of such operations is read too, and so is the other TMF v5 APIs' form
 * `event.troubleTicketInformationRequired { id, href, @type, informationRequiredPath[] }`. No zod: the notifications
 * store reads it on every screen.
 */

export type InformationRequired = {
  /** The ticket the provider asks about. */
  ticketId?: string;
  /** JSON Pointers of what it asks for, in the order sent, each once. */
  paths: string[];
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const idOf = (value: unknown): string | undefined =>
  isRecord(value) && typeof value.id === 'string' && value.id !== '' ? value.id : undefined;

/** The pointer of one operation: a JSON Patch operation (`{ op, path }`) or a bare pointer. */
function pointerOf(item: unknown): string | undefined {
  const path = isRecord(item) ? item.path : item;
  return typeof path === 'string' && path.trim() !== '' ? path.trim() : undefined;
}

/** One operation or a list of them, as pointers. */
const pointersOf = (operations: unknown): (string | undefined)[] =>
  (Array.isArray(operations) ? operations : operations === undefined ? [] : [operations]).map(pointerOf);

/**
 * Reads the request from an envelope's `event` object, in the official shape, the other v5 form, or an older
 * `troubleTicket` that carries `informationRequiredPath` itself. undefined when none names a path.
 */
export function informationRequiredOf(event: unknown): InformationRequired | undefined {
  if (!isRecord(event)) return undefined;
  const { troubleTicket: ticket, troubleTicketInformationRequired: request } = event;
  const listed = [request, ticket].filter(
    (candidate): candidate is Record<string, unknown> => isRecord(candidate) && Array.isArray(candidate.informationRequiredPath),
  );
  const pointers = [...pointersOf(event.informationRequired), ...listed.flatMap((resource) => pointersOf(resource.informationRequiredPath))];
  const paths = [...new Set(pointers.filter((p): p is string => p !== undefined))];
  if (paths.length === 0) return undefined;
  const ticketId = idOf(ticket) ?? (isRecord(request) ? (idOf(request.troubleTicket) ?? idOf(request)) : undefined);
  return { paths, ...(ticketId ? { ticketId } : {}) };
}

/** `/relatedParty/0/partyOrPartyRole` -> ['relatedParty', 0, 'partyOrPartyRole'] (RFC 6901: `~1` is `/`, `~0` is `~`). */
export function pointerSegments(pointer: string): (string | number)[] {
  return pointer
    .split('/')
    .slice(pointer.startsWith('/') ? 1 : 0)
    .filter((segment) => segment !== '')
    .map((segment) => segment.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((segment) => (/^(0|[1-9][0-9]*)$/.test(segment) ? Number(segment) : segment));
}
