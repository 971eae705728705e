/** Deterministic seed data: German wholesale fault/dispute tickets and cancel product orders (no Math.random). */
import type { CancelOrderState, CancelProductOrder } from '../src/domain/cancel-order';
import type { FaultTicket, StatusChange, TicketStatus } from '../src/domain/ticket';
import { ticketFieldNames, type TicketFieldName } from '../src/domain/ticket-fields';
import { createPrng, type Prng } from './prng';
import * as data from './seed-data';
import { accessLineId, agreementFor, relatedEntities, relatedParties, sampledFields, triage } from './seed-parts';
import { DAY, HOUR, toBerlinIso } from './time';

export const DEFAULT_BASE_URL = '/tmf-api/troubleTicket/v5';
/** Seeded dates lie before this moment, so tests see the same data on every run. */
export const SEED_REFERENCE = new Date('2026-11-01T08:00:00+01:00');
export const SEED = 20261101;
export const DEFAULT_TICKET_COUNT = 240;
export const DEFAULT_CANCEL_ORDER_COUNT = 24;

export type SeedOptions = { baseUrl?: string; reference?: Date; seed?: number };

export const ticketId = (n: number) => `TT-${String(n).padStart(6, '0')}`;
export const cancelOrderId = (n: number) => `CPO-${String(n).padStart(6, '0')}`;

type FaultVariant = Extract<FaultTicket, { ticketType: 'fault' }>;
type TicketBase = Omit<FaultVariant, 'ticketType' | 'relatedParty' | 'relatedEntity' | 'resolutionDisputeReason' | 'troubleTicketRelationship'>;

/**
 * The plain fields of the field table (src/domain/ticket-fields.ts) the seed writes by hand below. Every other one
 * (a field added to the table later) is drawn from its samples, each on its own random stream (./seed-parts.ts
 * `sampledFields`), so a new field needs nothing here and shifts no value of the others.
 */
export const seededByHand: readonly TicketFieldName[] = [
  'name',
  'severity',
  'priority',
  'categoryId',
  'description',
  'resolutionDisputeReason',
  'accessLineId',
  'networkTerminationLocation',
  'expressFaultResolution',
  'endUserContactAllowed',
  'endUserAppointmentIsNecessary',
  'interimMessagesRequested',
  'creationDate',
  'lastUpdateDate',
  'requestedResolutionDate',
  'expectedResolutionDate',
  'resolutionDate',
  'statusChangeDate',
  'statusChangeReason',
];

/** Status mix by ticket age: young tickets are mostly open, old ones mostly closed. */
function statusForAge(rnd: Prng, ageMs: number): TicketStatus {
  if (ageMs < DAY) return rnd.weighted({ acknowledged: 45, inProgress: 30, pending: 8, held: 5, rejected: 6, cancelled: 6 });
  if (ageMs < 7 * DAY) return rnd.weighted({ acknowledged: 8, inProgress: 30, pending: 15, held: 10, resolved: 22, rejected: 5, cancelled: 5, failed: 5 });
  if (ageMs < 30 * DAY) return rnd.weighted({ acknowledged: 2, inProgress: 12, pending: 8, held: 8, resolved: 15, closed: 40, rejected: 5, cancelled: 5, failed: 5 });
  return rnd.weighted({ closed: 80, resolved: 4, cancelled: 6, rejected: 5, failed: 5 });
}

/** Plausible histories that end in each status (usual flow acknowledged -> inProgress -> resolved -> closed). */
const historyPaths: Record<TicketStatus, readonly TicketStatus[][]> = {
  acknowledged: [['acknowledged']],
  inProgress: [['acknowledged', 'inProgress'], ['acknowledged', 'inProgress', 'pending', 'inProgress']],
  pending: [['acknowledged', 'inProgress', 'pending'], ['acknowledged', 'pending']],
  held: [['acknowledged', 'inProgress', 'held']],
  resolved: [['acknowledged', 'inProgress', 'resolved'], ['acknowledged', 'inProgress', 'pending', 'inProgress', 'resolved']],
  closed: [['acknowledged', 'inProgress', 'resolved', 'closed'], ['acknowledged', 'inProgress', 'held', 'inProgress', 'resolved', 'closed']],
  rejected: [['acknowledged', 'rejected']],
  cancelled: [['acknowledged', 'cancelled'], ['acknowledged', 'inProgress', 'cancelled']],
  failed: [['acknowledged', 'inProgress', 'failed']],
};

/** How long the step into a status typically takes, in hours [min, max]. */
const stepHours: Record<TicketStatus, [number, number]> = {
  acknowledged: [0, 0],
  inProgress: [0.2, 6],
  pending: [1, 24],
  held: [1, 24],
  resolved: [2, 48],
  closed: [1, 72],
  rejected: [0.1, 2],
  cancelled: [0.5, 24],
  failed: [24, 72],
};

export function reasonFor(rnd: Prng, status: string): string {
  return rnd.pick(data.statusReasons[status] ?? ['Statusänderung']);
}

function history(rnd: Prng, status: TicketStatus, created: number, latest: number): { status: TicketStatus; at: number }[] {
  const path = rnd.pick(historyPaths[status]);
  let at = created;
  const steps = path.map((s, i) => {
    if (i > 0) at += Math.round(rnd.between(stepHours[s][0] * 60, stepHours[s][1] * 60) * 60_000);
    return { status: s, at };
  });
  const last = steps[steps.length - 1].at;
  // Squeeze a history that would reach past the reference into the ticket's lifetime, keeping its order.
  if (last > latest && last > created) {
    const factor = Math.max(0, latest - created) / (last - created);
    for (const step of steps) step.at = created + Math.floor((step.at - created) * factor);
  }
  return steps;
}

/** `count` tickets, oldest first; ids TT-000001.. in creation order. Fast enough for 100,000 (one pass, no lookups). */
export function seedTickets(count: number, options: SeedOptions = {}): FaultTicket[] {
  return Array.from(ticketSeed(count, options));
}

/**
 * The same tickets as `seedTickets`, built in slices of about `sliceMs`, awaiting `nextTask` between them: the demo
 * builds its seed on the page's main thread, where one task of it holds up a slow phone's first screen (decision 0058).
 */
export async function seedTicketsInSlices(
  count: number,
  options: SeedOptions,
  { sliceMs, nextTask, now = () => performance.now() }: { sliceMs: number; nextTask: () => Promise<void>; now?: () => number },
): Promise<FaultTicket[]> {
  const tickets: FaultTicket[] = [];
  let sliceStart = now();
  for (const ticket of ticketSeed(count, options)) {
    tickets.push(ticket);
    if (now() - sliceStart >= sliceMs) {
      await nextTask();
      sliceStart = now();
    }
  }
  return tickets;
}

/** The seeded tickets one by one, oldest first (the PRNG's state carries from one to the next). */
function* ticketSeed(count: number, options: SeedOptions): Generator<FaultTicket> {
  const { baseUrl = DEFAULT_BASE_URL, reference = SEED_REFERENCE, seed = SEED } = options;
  const rnd = createPrng(seed);
  // The v5 fields (name, severity, priority, channel, attachments by value) draw from their own sequence, so the rest
  // of every seeded ticket is what it was before they existed.
  const extra = createPrng(seed + 2);
  const sampled = sampledFields(seed, ticketFieldNames.filter((name) => !seededByHand.includes(name)));
  const ref = reference.getTime();
  const spacing = Math.min(6 * HOUR, (180 * DAY) / Math.max(count, 1));
  const disputable: { ticket: FaultTicket; resolvedAt: number }[] = [];

  for (let i = 0; i < count; i += 1) {
    const id = ticketId(i + 1);
    const href = `${baseUrl}/troubleTicket/${id}`;
    const created = Math.floor((ref - (count - i) * spacing + rnd.next() * spacing * 0.9) / 1000) * 1000;
    const status = statusForAge(rnd, ref - created);
    const steps = history(rnd, status, created, ref - 60_000);
    const statusChange: StatusChange[] = steps.map((s) => ({
      status: s.status,
      changeDate: toBerlinIso(s.at),
      changeReason: reasonFor(rnd, s.status),
    }));
    const last = statusChange[statusChange.length - 1];
    const resolvedAt = steps.find((s) => s.status === 'resolved')?.at;
    const lastAt = steps[steps.length - 1].at;
    const buyer = rnd.pick(data.buyers);
    const place = rnd.pick(data.places);
    const category = rnd.pick(data.categories);
    const express = rnd.weighted({ standard: 6, none: 3, oneTime: 1 });
    const slotStart = Math.floor((created + rnd.between(1, 3) * DAY) / HOUR) * HOUR;

    // Optional fields are assigned one by one rather than spread: 100,000 tickets should build in a few seconds.
    const base: TicketBase = {
      '@type': 'FaultTicket',
      id,
      href,
      externalIdentifier: [
        { '@type': 'ExternalIdentifier', id: `${buyer.ticketPrefix}-${toBerlinIso(created).slice(0, 4)}-${String(i + 1).padStart(6, '0')}`, owner: buyer.name, externalIdentifierType: 'buyerTicketId' },
      ],
      agreement: agreementFor(rnd, buyer),
      accessLineId: accessLineId(rnd, buyer.carrier),
      expressFaultResolution: express,
      categoryId: category.id,
      status,
      statusChangeDate: last.changeDate,
      statusChangeReason: last.changeReason,
      statusChange,
      creationDate: toBerlinIso(created),
      lastUpdateDate: toBerlinIso(lastAt),
      expectedResolutionDate: toBerlinIso(created + (express === 'oneTime' ? 8 : 24) * HOUR),
    };
    if (rnd.chance(0.95)) base.description = rnd.pick(data.faultDescriptions);
    if (rnd.chance(0.3)) base.requestedResolutionDate = toBerlinIso(created + rnd.between(24, 72) * HOUR);
    if (rnd.chance(0.8)) base.endUserContactAllowed = rnd.chance(0.7);
    if (rnd.chance(0.8)) base.endUserAppointmentIsNecessary = rnd.chance(0.4);
    if (rnd.chance(0.6)) base.networkTerminationLocation = rnd.pick(data.terminationLocations);
    if (rnd.chance(0.7)) {
      base.faultQuestionnaire = Array.from({ length: rnd.between(1, 5) }, (_, q) => ({ questionId: `Q${String(q * 2 + 1).padStart(2, '0')}`, answerId: `A${rnd.between(1, 4)}` }));
    }
    if (rnd.chance(0.8)) base.interimMessagesRequested = rnd.chance(0.5);
    if (rnd.chance(0.25)) base.requestedTimeSlot = { validFor: { startDateTime: toBerlinIso(slotStart), endDateTime: toBerlinIso(slotStart + 4 * HOUR) } };
    if (status !== 'acknowledged' && rnd.chance(0.2)) {
      base.appointment = rnd.chance(0.7)
        ? { '@type': 'Appointment', validFor: { startDateTime: toBerlinIso(slotStart), endDateTime: toBerlinIso(slotStart + 2 * HOUR) }, description: 'Technikertermin vor Ort' }
        : { '@type': 'AppointmentRef', id: `APT-${rnd.digits(9)}`, '@referredType': 'Appointment' };
    }
    if (rnd.chance(0.15)) base.billingItem = [`BI-${rnd.digits(8)}`];
    if (resolvedAt !== undefined) base.resolutionDate = toBerlinIso(resolvedAt);
    if (steps.length > 1 && rnd.chance(0.5)) {
      base.note = [{ id: `${id}-N1`, author: rnd.chance(0.5) ? 'Entstörung Telekom Deutschland' : buyer.name, date: toBerlinIso(steps[1].at), text: rnd.pick(data.noteTexts) }];
    }
    if (rnd.chance(0.1)) base.attachment = [{ '@type': 'AttachmentRef', id: `ATT-${rnd.digits(8)}`, '@referredType': 'Attachment' }];
    Object.assign(base, triage(extra, base.description, express, place[0]));
    if (steps.length > 1 && extra.chance(0.1)) {
      base.attachment = [
        ...(base.attachment ?? []),
        {
          '@type': 'Attachment',
          name: `Leitungsmessung-${id}.pdf`,
          url: `https://files.telekom-wholesale.example/tickets/${id}/leitungsmessung.pdf`,
          mimeType: 'application/pdf',
          description: 'Protokoll der Leitungsmessung',
        },
      ];
    }

    // A dispute contests the resolution of an earlier ticket that was resolved before the dispute was raised.
    const target = rnd.chance(0.12) ? disputable[disputable.length - 1 - rnd.int(Math.min(disputable.length, 40))] : undefined;
    let ticket: FaultTicket;
    if (target && target.resolvedAt < created) {
      base.agreement = target.ticket.agreement;
      base.accessLineId = target.ticket.accessLineId;
      base.description = `Reklamation zur Entstörung ${target.ticket.id}`;
      const dispute: Extract<FaultTicket, { ticketType: 'dispute' }> = Object.assign(base, {
        ticketType: 'dispute' as const,
        resolutionDisputeReason: rnd.pick(data.disputeReasons),
        troubleTicketRelationship: [{ id: target.ticket.id, href: target.ticket.href, relationshipType: 'disputes' }],
      });
      if (rnd.chance(0.6)) dispute.relatedParty = relatedParties(rnd, buyer, place).slice(1, 2);
      if (target.ticket.relatedEntity) dispute.relatedEntity = target.ticket.relatedEntity.slice(0, 1);
      ticket = dispute;
    } else {
      ticket = Object.assign(base, { ticketType: 'fault' as const, relatedParty: relatedParties(rnd, buyer, place), relatedEntity: relatedEntities(rnd) });
    }
    sampled(ticket, created);
    if (ticket.ticketType === 'fault' && resolvedAt !== undefined) disputable.push({ ticket, resolvedAt });
    yield ticket;
  }
}

/** `count` cancel product orders, oldest first, each for its own product order. */
export function seedCancelOrders(count: number, options: SeedOptions = {}): CancelProductOrder[] {
  const { baseUrl = DEFAULT_BASE_URL, reference = SEED_REFERENCE, seed = SEED } = options;
  const rnd = createPrng(seed + 1);
  const ref = reference.getTime();
  return Array.from({ length: count }, (_, i) => {
    const id = cancelOrderId(i + 1);
    const created = Math.floor((ref - (count - i) * 14 * HOUR + rnd.next() * 10 * HOUR) / 1000) * 1000;
    const state: CancelOrderState =
      ref - created < 2 * DAY
        ? rnd.weighted({ acknowledged: 1, inProgress: 1 })
        : rnd.weighted({ done: 6, terminatedWithError: 2, rejected: 2, cancelled: 1, inProgress: 1 });
    const productOrderId = `PO-${String(4_700_000 + i * 37).padStart(9, '0')}`;
    const requested = rnd.chance(0.6) ? created + rnd.between(1, 14) * DAY : undefined;
    const effective = Math.min(requested ?? created + rnd.between(1, 3) * DAY, ref - 60_000);
    return {
      '@type': 'CancelProductOrder',
      id,
      href: `${baseUrl}/cancelProductOrder/${id}`,
      productOrder: { id: productOrderId, href: `/tmf-api/productOrderingManagement/v5/productOrder/${productOrderId}`, '@referredType': 'ProductOrder' },
      ...(rnd.chance(0.85) ? { cancellationReason: rnd.pick(data.cancellationReasons) } : {}),
      ...(requested !== undefined ? { requestedCancellationDate: toBerlinIso(requested) } : {}),
      state,
      creationDate: toBerlinIso(created),
      ...(state === 'done' ? { effectiveCancellationDate: toBerlinIso(Math.max(effective, created)) } : {}),
    };
  });
}
