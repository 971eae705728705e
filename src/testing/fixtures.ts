/** Test fixtures: valid minimal and maximal fault and dispute bodies, typed by the domain, and path helpers. */
import type { Agreement, AgreementRef } from '../domain/agreement';
import type { AppointmentOrRef, AttachmentOrRef, TimeSlot } from '../domain/appointment';
import type { CancelProductOrder, CancelProductOrderFvo } from '../domain/cancel-order';
import type { RelatedEntity } from '../domain/entity';
import { formatPath } from '../domain/messages';
import type { ContactMedium, Individual, Organization, RelatedParty } from '../domain/party';
import { FaultTicketFvoDispute, FaultTicketFvoFault, type FaultTicket, type FaultTicketFvo } from '../domain/ticket';
import { sampleOf } from '../domain/ticket-field-samples';
import { ticketField, ticketFieldNames, type TicketFieldName } from '../domain/ticket-fields';

export type FaultBody = Extract<FaultTicketFvo, { ticketType: 'fault' }>;
export type DisputeBody = Extract<FaultTicketFvo, { ticketType: 'dispute' }>;
type PhoneContactMedium = Extract<ContactMedium, { '@type': 'PhoneContactMedium' }>;
type EmailContactMedium = Extract<ContactMedium, { '@type': 'EmailContactMedium' }>;
type PostalContactMedium = Extract<ContactMedium, { '@type': 'PostalAddressContactMedium' }>;
type Attachment = Extract<AttachmentOrRef, { '@type': 'Attachment' }>;
type AttachmentRef = Extract<AttachmentOrRef, { '@type': 'AttachmentRef' }>;

// Every builder returns a fresh object, so a test may change what it gets without touching another test.

export const phone = (): PhoneContactMedium => ({
  '@type': 'PhoneContactMedium',
  contactType: 'fixed',
  phoneNumber: '+49 221 1234567',
  preferred: true,
});

export const email = (): EmailContactMedium => ({
  '@type': 'EmailContactMedium',
  contactType: 'email',
  emailAddress: 'anna.mueller@example.com',
  preferred: false,
});

export const postal = (): PostalContactMedium => ({
  '@type': 'PostalAddressContactMedium',
  contactType: 'postal',
  city: 'Köln',
  postcode: '50667',
  streetName: 'Domkloster',
  streetNr: '4',
  preferred: false,
  country: 'DE',
  locality: 'Altstadt-Nord',
  streetNrSuffix: 'a',
});

export const minimalIndividual = (): Individual => ({ '@type': 'Individual', familyName: 'Müller' });

/** An Individual with every field and one contact medium of each kind (phone, email, postal, in that order). */
export const maximalIndividual = (): Individual => ({
  '@type': 'Individual',
  familyName: 'Müller',
  givenName: 'Anna',
  salutation: 'Frau',
  title: 'Dr.',
  contactMedium: [phone(), email(), postal()],
});

export const organization = (): Organization => ({
  '@type': 'Organization',
  name: 'Beispiel Carrier GmbH',
  contactMedium: [{ ...phone(), contactType: 'mobile' }],
});

export const individualParty = (): RelatedParty => ({ role: 'locationAContact', partyOrPartyRole: minimalIndividual() });
export const organizationParty = (): RelatedParty => ({
  role: 'orderManagementBuyerContact',
  partyOrPartyRole: { '@type': 'Organization', name: 'Beispiel Carrier GmbH' },
});

export const agreement = (): Agreement => ({
  '@type': 'Agreement',
  agreementType: 'buyerServiceContract',
  name: 'Rahmenvertrag Vorleistung 2026',
  businessId: 'RV-2026-0042',
  engagedParty: [{ '@type': 'Organization', businessId: 'ORG-0042' }],
});

export const agreementRef = (): AgreementRef => ({ '@type': 'AgreementRef', id: 'agr-0001', '@referredType': 'Agreement' });

export const affectedProduct = (): RelatedEntity => ({
  role: 'affectedProduct',
  entity: { '@type': 'EntityRef', id: 'prod-0001', '@referredType': 'Product' },
});
export const diagnosis = (): RelatedEntity => ({
  role: 'diagnosis',
  entity: { '@type': 'EntityRef', id: 'test-0001', '@referredType': 'ProductTest' },
});
export const optionalServices = (): RelatedEntity => ({
  role: 'optionalServices',
  entity: { '@type': 'ProductOffering', name: 'Express-Entstörung' },
});

export const timeSlot = (): TimeSlot => ({
  validFor: { startDateTime: '2026-12-01T08:00:00+01:00', endDateTime: '2026-12-01T12:00:00+01:00' },
});

export const appointment = (): AppointmentOrRef => ({
  '@type': 'Appointment',
  validFor: { startDateTime: '2026-12-02T09:00:00Z', endDateTime: '2026-12-02T11:00:00Z' },
  description: 'Technician at the building entrance',
});
export const appointmentRef = (): AppointmentOrRef => ({
  '@type': 'AppointmentRef',
  id: 'apt-0001',
  '@referredType': 'Appointment',
});

export const attachment = (): Attachment => ({
  '@type': 'Attachment',
  name: 'line-test.pdf',
  mimeType: 'application/pdf',
  url: 'https://files.example.com/line-test.pdf',
  validFor: { startDateTime: '2026-11-30T10:00:00Z', endDateTime: '2027-11-30T10:00:00Z' },
});
export const attachmentRef = (): AttachmentRef => ({ '@type': 'AttachmentRef', id: 'att-0001', '@referredType': 'Attachment' });

const inShape = (shape: object) => (name: TicketFieldName) => Object.hasOwn(shape, name);
/** The plain fields a fault's body carries (the schema's input fields of the field table), those only a dispute's adds, and the service's own. */
export const plainFaultInputs = ticketFieldNames.filter((name) => inShape(FaultTicketFvoFault.shape)(name) && ticketField(name).only !== 'dispute');
export const plainDisputeOnlyInputs = ticketFieldNames.filter((name) => inShape(FaultTicketFvoDispute.shape)(name) && ticketField(name).only === 'dispute');
export const plainReadOnlyFields = ticketFieldNames.filter((name) => !inShape(FaultTicketFvoDispute.shape)(name));

/** The fields' first samples (src/domain/ticket-field-samples.ts), by name. */
export const plainSamples = <T>(names: readonly TicketFieldName[]): T => Object.fromEntries(names.map((name) => [name, sampleOf(name)])) as T;

type PlainInputs = Pick<FaultBody, Extract<TicketFieldName, keyof FaultBody>>;

/** The smallest valid fault: the required fields and rules 1, 3, 5 of interface.md 2.3. */
export const minimalFault = (): FaultBody => ({
  '@type': 'FaultTicket',
  ticketType: 'fault',
  externalIdentifier: [{ id: 'EXT-0001' }],
  agreement: [agreementRef()],
  relatedParty: [individualParty(), organizationParty()],
  relatedEntity: [affectedProduct()],
});

/**
 * A fault with every input field. Index layout the tests rely on: agreement[0] Agreement, agreement[1] AgreementRef;
 * relatedParty[0] Individual with contactMedium[0] phone, [1] email, [2] postal; relatedParty[1] Organization;
 * relatedEntity[0] affectedProduct, [1] diagnosis, [2] optionalServices; appointment inline.
 */
export const maximalFault = (): FaultBody => ({
  '@type': 'FaultTicket',
  ticketType: 'fault',
  externalIdentifier: [
    { '@type': 'ExternalIdentifier', id: 'EXT-0002', owner: 'Beispiel Carrier GmbH', externalIdentifierType: 'buyerTicketId' },
  ],
  agreement: [agreement(), agreementRef()],
  // The plain fields, each with its sample: description, accessLineId, categoryId, …
  ...plainSamples<PlainInputs>(plainFaultInputs),
  faultQuestionnaire: [{ questionId: 'Q1', answerId: 'A2' }],
  requestedTimeSlot: timeSlot(),
  appointment: appointment(),
  billingItem: ['BI-1', 'BI-2'],
  relatedParty: [
    { role: 'locationAContact', partyOrPartyRole: maximalIndividual() },
    { role: 'orderManagementBuyerContact', partyOrPartyRole: organization() },
  ],
  relatedEntity: [affectedProduct(), diagnosis(), optionalServices()],
});

/** The smallest valid dispute: the required fields and rule 2 of interface.md 2.3. */
export const minimalDispute = (): DisputeBody => ({
  '@type': 'FaultTicket',
  ticketType: 'dispute',
  externalIdentifier: [{ id: 'EXT-0003' }],
  agreement: [agreementRef()],
  troubleTicketRelationship: [{ id: 'tt-0001', relationshipType: 'disputes' }],
});

/** A dispute with every input field, laid out like maximalFault. */
export const maximalDispute = (): DisputeBody => {
  const { ticketType: _ticketType, ...fault } = maximalFault();
  return {
    ...fault,
    '@type': 'FaultTicket_FVO',
    ticketType: 'dispute',
    ...plainSamples<Pick<DisputeBody, 'resolutionDisputeReason'>>(plainDisputeOnlyInputs),
    troubleTicketRelationship: [
      { '@type': 'TroubleTicketRelationship', id: 'tt-0001', relationshipType: 'disputes', href: '/troubleTicket/tt-0001', name: 'Original fault' },
    ],
  };
};

/** A created fault ticket as the service returns it, with every read-only field (decisions.md). */
export const createdTicket = (): FaultTicket => ({
  ...maximalFault(),
  '@type': 'FaultTicket',
  id: 'tt-0002',
  href: '/tmf-api/troubleTicket/v5/troubleTicket/tt-0002',
  status: 'inProgress',
  // The service's own plain fields, each with its sample: creationDate, lastUpdateDate, name, severity, …
  ...plainSamples<Pick<FaultTicket, Exclude<Extract<TicketFieldName, keyof FaultTicket>, keyof FaultBody>>>(plainReadOnlyFields),
  statusChange: [
    { status: 'acknowledged', changeDate: '2026-12-01T10:00:00Z' },
    { status: 'inProgress', changeDate: '2026-12-01T10:05:00Z', changeReason: 'Technician assigned' },
  ],
  note: [{ id: 'n-1', author: 'Provider NOC', date: '2026-12-01T10:05:00Z', text: 'Line test started.' }],
  attachment: [attachment(), attachmentRef()],
  channel: { id: 'CH-API', name: 'B2B interface' },
});

export const cancelOrderFvo = (): CancelProductOrderFvo => ({
  '@type': 'CancelProductOrder',
  productOrder: { id: 'po-0001', href: '/productOrder/po-0001', '@referredType': 'ProductOrder' },
  cancellationReason: 'Ordered twice',
  requestedCancellationDate: '2026-12-05T00:00:00+01:00',
});

export const cancelOrder = (): CancelProductOrder => ({
  ...cancelOrderFvo(),
  id: 'cpo-0001',
  href: '/tmf-api/troubleTicket/v5/cancelProductOrder/cpo-0001',
  state: 'acknowledged',
  creationDate: '2026-12-01T10:00:00Z',
});

type Segment = string | number;

/** `relatedParty[0].partyOrPartyRole.familyName` -> ['relatedParty', 0, 'partyOrPartyRole', 'familyName']. */
export function pathSegments(path: string): Segment[] {
  return [...path.matchAll(/\[(\d+)\]|[^.[\]]+/g)].map((m) => (m[1] === undefined ? m[0] : Number(m[1])));
}

function parentOf(root: unknown, segments: Segment[], path: string): Record<Segment, unknown> {
  let node = root;
  for (const segment of segments.slice(0, -1)) {
    node = (node as Record<Segment, unknown>)[segment];
    // A row that points nowhere is a broken test, not a passing one.
    if (typeof node !== 'object' || node === null) throw new Error(`fixtures: no object at ${path}`);
  }
  return node as Record<Segment, unknown>;
}

/** A copy of `body` with the value at `path` replaced (the last key must exist, so a typo fails loudly). */
export function setAt(body: unknown, path: string, value: unknown): unknown {
  const copy = structuredClone(body);
  const segments = pathSegments(path);
  const parent = parentOf(copy, segments, path);
  const last = segments.at(-1) as Segment;
  if (!(last in parent)) throw new Error(`fixtures: nothing to replace at ${path}`);
  parent[last] = value;
  return copy;
}

/** A copy of `body` without the property at `path` (which must exist). */
export function removeAt(body: unknown, path: string): unknown {
  const copy = structuredClone(body);
  const segments = pathSegments(path);
  const parent = parentOf(copy, segments, path);
  const last = segments.at(-1) as Segment;
  if (!(last in parent)) throw new Error(`fixtures: nothing to remove at ${path}`);
  delete parent[last];
  return copy;
}

/** `n` characters; `fill` may be any single code point ("x", "ü", "👍"). */
export const chars = (n: number, fill = 'x') => fill.repeat(n);

/** The issue paths of a failed parse, written like `relatedParty[0].partyOrPartyRole.familyName`. */
export function issuePaths(result: { error?: { issues: { path: PropertyKey[] }[] } }): string[] {
  return (result.error?.issues ?? []).map((issue) => formatPath(issue.path));
}

/** A length bound of interface.md part 2: `[field path, min, max]`. */
export type LengthBound = readonly [path: string, min: number, max: number];

/**
 * One row per side of every bound: min-1 (when min > 0) and max+1 refused, min and max accepted; each with every
 * fill character, so that lengths are checked in code points. Rows are `[path, length, fill, valid]`.
 */
type LengthCase = readonly [path: string, length: number, fill: string, valid: boolean];

export function lengthCases(bounds: readonly LengthBound[], fills: readonly string[] = ['x', 'ü', '👍']): LengthCase[] {
  return bounds.flatMap(([path, min, max]) =>
    fills.flatMap((fill): LengthCase[] => [
      ...(min > 0 ? [[path, min - 1, fill, false] as const] : []),
      [path, min, fill, true],
      [path, max, fill, true],
      [path, max + 1, fill, false],
    ]),
  );
}
