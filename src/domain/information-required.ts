/**
 * What a TroubleTicketInformationRequiredEvent asks for (decisions.md "Events"): `event.troubleTicketInformationRequired
 * { id, href, @type, informationRequiredPath[] }`, each path a JSON Patch operation whose `path` is a JSON Pointer
 * (`/accessLineId`). No zod: the notifications store reads it on every screen.
 */

export type InformationRequired = {
  /** The ticket the provider asks about. */
  ticketId?: string;
  /** JSON Pointers of what it asks for, in the order sent, each once. */
  paths: string[];
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The pointer of one `informationRequiredPath` item: a JSON Patch operation (`{ op, path }`) or a bare pointer. */
function pointerOf(item: unknown): string | undefined {
  const path = isRecord(item) ? item.path : item;
  return typeof path === 'string' && path.trim() !== '' ? path.trim() : undefined;
}

/**
 * Reads the request from an envelope's `event` object: the v5 `troubleTicketInformationRequired`, or an older
 * `troubleTicket` that carries the paths itself. undefined when neither names a path.
 */
export function informationRequiredOf(event: unknown): InformationRequired | undefined {
  if (!isRecord(event)) return undefined;
  const resource = [event.troubleTicketInformationRequired, event.troubleTicket].find(
    (candidate) => isRecord(candidate) && Array.isArray(candidate.informationRequiredPath),
  ) as Record<string, unknown> | undefined;
  if (!resource) return undefined;
  const paths = [...new Set((resource.informationRequiredPath as unknown[]).map(pointerOf).filter((p): p is string => p !== undefined))];
  if (paths.length === 0) return undefined;
  const ticket = isRecord(resource.troubleTicket) ? resource.troubleTicket : resource;
  const id = ticket.id;
  return { paths, ...(typeof id === 'string' && id !== '' ? { ticketId: id } : {}) };
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
