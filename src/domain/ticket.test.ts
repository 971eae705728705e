/** FaultTicket_FVO, the create body: every constraint of interface.md 2, 2.3 and 8 through the whole body. */
// @vitest-environment node -- pure schemas need no DOM, and jsdom costs about a second per file.
import { describe, expect, it } from 'vitest';
import { FaultTicketFvo, FaultTicketFvoDispute, FaultTicketFvoFault } from './ticket';
import {
  agreementRef,
  appointmentRef,
  chars,
  issuePaths,
  lengthCases,
  maximalDispute,
  maximalFault,
  minimalDispute,
  minimalFault,
  removeAt,
  setAt,
  type LengthBound,
} from '../testing/fixtures';

const bodies = { fault: maximalFault, dispute: maximalDispute };
const kinds = ['fault', 'dispute'] as const;
const party = '[0].partyOrPartyRole';
const postal = `relatedParty${party}.contactMedium[2]`;

/** Every string bound of part 2 that both ticket types share, at its place in maximalFault / maximalDispute. */
const bounds: LengthBound[] = [
  ['externalIdentifier[0].id', 1, 36],
  ['agreement[0].name', 1, 160],
  ['agreement[0].businessId', 1, 40],
  ['agreement[0].engagedParty[0].businessId', 1, 10],
  ['agreement[1].id', 1, 36],
  ['description', 0, 1024],
  ['accessLineId', 7, 21],
  ['networkTerminationLocation', 1, 160],
  ['faultQuestionnaire[0].questionId', 1, 8],
  ['faultQuestionnaire[0].answerId', 1, 8],
  ['categoryId', 1, 8],
  [`relatedParty${party}.familyName`, 1, 30],
  [`relatedParty${party}.givenName`, 1, 30],
  [`relatedParty${party}.salutation`, 1, 30],
  [`relatedParty${party}.title`, 1, 30],
  [`relatedParty${party}.contactMedium[0].phoneNumber`, 1, 30],
  [`relatedParty${party}.contactMedium[1].emailAddress`, 1, 255],
  [`${postal}.city`, 1, 40],
  [`${postal}.postcode`, 1, 6],
  [`${postal}.streetName`, 1, 40],
  [`${postal}.country`, 2, 2],
  [`${postal}.locality`, 1, 40],
  [`${postal}.streetNrSuffix`, 1, 6],
  ['relatedParty[1].partyOrPartyRole.name', 1, 60],
  ['relatedEntity[0].entity.id', 1, 36],
  ['relatedEntity[1].entity.id', 1, 36],
  ['relatedEntity[2].entity.name', 1, 60],
];

describe('the fixtures', () => {
  it.each([
    ['minimal fault', minimalFault()],
    ['maximal fault', maximalFault()],
    ['minimal dispute', minimalDispute()],
    ['maximal dispute', maximalDispute()],
  ])('%s parses unchanged', (_name, body) => {
    expect(FaultTicketFvo.parse(body)).toEqual(body);
  });

  it.each([
    ['fault', FaultTicketFvoFault.shape, maximalFault(), ['resolutionDisputeReason', 'troubleTicketRelationship']],
    ['dispute', FaultTicketFvoDispute.shape, maximalDispute(), []],
  ] as const)('maximal %s carries every input field the schema knows', (_kind, shape, body, absent) => {
    const expected = Object.keys(shape).filter((key) => !(absent as readonly string[]).includes(key));
    expect(Object.keys(body).sort()).toEqual(expected.sort());
  });
});

describe('string lengths, in code points, through the whole body', () => {
  const rows = kinds.flatMap((kind) => lengthCases(bounds).map((row) => [kind, ...row] as const));
  it.each(rows)('%s: %s of %i × "%s" -> valid %s', (kind, path, length, fill, valid) => {
    const result = FaultTicketFvo.safeParse(setAt(bodies[kind](), path, chars(length, fill)));
    expect(issuePaths(result)).toEqual(valid ? [] : [path]);
  });

  it.each(lengthCases([['resolutionDisputeReason', 0, 1024]]))('dispute: %s of %i × "%s" -> valid %s', (path, length, fill, valid) => {
    const result = FaultTicketFvo.safeParse(setAt(maximalDispute(), path, chars(length, fill)));
    expect(issuePaths(result)).toEqual(valid ? [] : [path]);
  });

  it.each(lengthCases([['appointment.id', 1, 36]]))('AppointmentRef: %s of %i × "%s" -> valid %s', (path, length, fill, valid) => {
    const body = setAt(setAt(maximalFault(), 'appointment', appointmentRef()), path, chars(length, fill));
    expect(issuePaths(FaultTicketFvo.safeParse(body))).toEqual(valid ? [] : [path]);
  });
});

describe('streetNr pattern ^[0-9]{1,4}$ through the whole body', () => {
  it.each([
    ['1', true],
    ['9999', true],
    ['', false],
    ['10000', false],
    ['4b', false],
  ])('%j -> valid %s', (streetNr, valid) => {
    const result = FaultTicketFvo.safeParse(setAt(maximalFault(), `${postal}.streetNr`, streetNr));
    expect(issuePaths(result)).toEqual(valid ? [] : [`${postal}.streetNr`]);
  });
});

/** `[kind, array path, min, max (undefined: no upper bound), a valid item]`; relatedParty/relatedEntity are in the rules. */
const arrayBounds = [
  ['fault', 'faultQuestionnaire', 0, 99, { questionId: 'Q9', answerId: 'A9' }],
  ['dispute', 'faultQuestionnaire', 0, 99, { questionId: 'Q9', answerId: 'A9' }],
  ['fault', 'billingItem', 0, 99, 'BI-9'],
  ['dispute', 'billingItem', 0, 99, 'BI-9'],
  ['fault', 'agreement', 1, undefined, agreementRef()],
  ['dispute', 'agreement', 1, undefined, agreementRef()],
  ['fault', 'agreement[0].engagedParty', 0, 1, { '@type': 'Organization', businessId: 'ORG-9' }],
  ['fault', 'externalIdentifier', 1, undefined, { id: 'EXT-9' }],
  ['dispute', 'externalIdentifier', 1, undefined, { id: 'EXT-9' }],
  ['dispute', 'troubleTicketRelationship', 1, undefined, { id: 'tt-9', relationshipType: 'disputes' }],
] as const;

describe('array bounds (part 8)', () => {
  const rows = arrayBounds.flatMap(([kind, path, min, max, item]) => [
    ...(min > 0 ? [[kind, path, min - 1, false, item] as const] : []),
    [kind, path, min, true, item] as const,
    [kind, path, max ?? min + 4, true, item] as const,
    ...(max === undefined ? [] : [[kind, path, max + 1, false, item] as const]),
  ]);
  it.each(rows)('%s: %s with %i items -> valid %s', (kind, path, n, valid, item) => {
    const result = FaultTicketFvo.safeParse(setAt(bodies[kind](), path, Array.from({ length: n }, () => item)));
    expect(issuePaths(result)).toEqual(valid ? [] : [path]);
  });
});

describe('enums: every value valid, one outside refused', () => {
  const enums = [
    ['ticketType', ['fault'], 'complaint'],
    ['@type', ['FaultTicket', 'FaultTicket_FVO'], 'TroubleTicket_FVO'],
    ['expressFaultResolution', ['standard', 'oneTime', 'none'], 'express'],
    ['agreement[0].agreementType', ['buyerServiceContract', 'ordererServiceContract', 'singleContract'], 'serviceContract'],
    [
      'relatedParty[0].role',
      ['locationAContact', 'installationContact', 'orderManagementSellerContact', 'orderManagementBuyerContact'],
      'billingContact',
    ],
    [`relatedParty${party}.contactMedium[0].contactType`, ['fixed', 'mobile'], 'email'],
    [`relatedParty${party}.contactMedium[1].contactType`, ['email'], 'mobile'],
    [`${postal}.contactType`, ['postal'], 'email'],
  ] as const;
  const rows = enums.flatMap(([path, values, outside]) => [
    ...values.map((value) => [path, value, true] as const),
    [path, outside, false] as const,
  ]);
  it.each(rows)('%s = %s -> valid %s', (path, value, valid) => {
    const result = FaultTicketFvo.safeParse(setAt(maximalFault(), path, value));
    expect(issuePaths(result)).toEqual(valid ? [] : [path]);
  });

  it('ticketType dispute selects the dispute branch', () => {
    expect(FaultTicketFvo.parse(maximalDispute()).ticketType).toBe('dispute');
  });
});

describe('required fields: one missing at a time', () => {
  const common = [
    '@type',
    'ticketType',
    'externalIdentifier',
    'externalIdentifier[0].id',
    'agreement',
    'agreement[0].@type',
    'agreement[0].agreementType',
    'agreement[0].name',
    'agreement[0].businessId',
    'agreement[0].engagedParty[0].@type',
    'agreement[0].engagedParty[0].businessId',
    'agreement[1].@type',
    'agreement[1].id',
    'agreement[1].@referredType',
    'faultQuestionnaire[0].questionId',
    'faultQuestionnaire[0].answerId',
    'requestedTimeSlot.validFor',
    'requestedTimeSlot.validFor.startDateTime',
    'requestedTimeSlot.validFor.endDateTime',
    'appointment.@type',
    'appointment.validFor.startDateTime',
    'appointment.validFor.endDateTime',
    'relatedParty[0].role',
    'relatedParty[0].partyOrPartyRole',
    `relatedParty${party}.@type`,
    `relatedParty${party}.familyName`,
    'relatedParty[1].partyOrPartyRole.@type',
    'relatedParty[1].partyOrPartyRole.name',
    ...['@type', 'contactType', 'phoneNumber'].map((f) => `relatedParty${party}.contactMedium[0].${f}`),
    ...['@type', 'contactType', 'emailAddress'].map((f) => `relatedParty${party}.contactMedium[1].${f}`),
    ...['@type', 'contactType', 'city', 'postcode', 'streetName', 'streetNr'].map((f) => `${postal}.${f}`),
    'relatedEntity[0].role',
    'relatedEntity[0].entity',
    ...['@type', 'id', '@referredType'].flatMap((f) => [`relatedEntity[0].entity.${f}`, `relatedEntity[1].entity.${f}`]),
    'relatedEntity[2].entity.@type',
    'relatedEntity[2].entity.name',
  ];
  const rows = [
    ...kinds.flatMap((kind) => common.map((path) => [kind, path] as const)),
    ['fault', 'relatedParty'] as const,
    ['fault', 'relatedEntity'] as const,
    ['dispute', 'troubleTicketRelationship'] as const,
    ['dispute', 'troubleTicketRelationship[0].id'] as const,
    ['dispute', 'troubleTicketRelationship[0].relationshipType'] as const,
  ];
  it.each(rows)('%s without %s is refused', (kind, path) => {
    expect(issuePaths(FaultTicketFvo.safeParse(removeAt(bodies[kind](), path)))).toContain(path);
  });

  it.each(['appointment.@type', 'appointment.id', 'appointment.@referredType'])('an AppointmentRef without %s is refused', (path) => {
    const body = setAt(maximalFault(), 'appointment', appointmentRef());
    expect(issuePaths(FaultTicketFvo.safeParse(removeAt(body, path)))).toContain(path);
  });
});

describe('the six conditional rules of part 2.3, both ways', () => {
  const items = (n: number, build: () => unknown) => Array.from({ length: n }, build);
  const party2 = () => maximalFault().relatedParty[1];
  const entity = () => maximalFault().relatedEntity[0];
  const minimal = { fault: minimalFault, dispute: minimalDispute };
  const rows: [rule: string, kind: 'fault' | 'dispute', path: string, value: unknown, valid: boolean][] = [
    ['1', 'fault', 'resolutionDisputeReason', 'Still broken', false],
    ['1', 'fault', 'resolutionDisputeReason', '', false],
    ['1', 'dispute', 'resolutionDisputeReason', 'Still broken', true],
    ['2', 'dispute', 'troubleTicketRelationship', undefined, false],
    ['2', 'dispute', 'troubleTicketRelationship', [], false],
    ['2', 'fault', 'troubleTicketRelationship', undefined, true],
    ['3', 'fault', 'relatedParty', undefined, false],
    ['3', 'fault', 'relatedParty', items(1, party2), false],
    ['3', 'fault', 'relatedParty', items(2, party2), true],
    ['3', 'fault', 'relatedParty', items(99, party2), true],
    ['3', 'fault', 'relatedParty', items(100, party2), false],
    ['4', 'dispute', 'relatedParty', undefined, true],
    ['4', 'dispute', 'relatedParty', [], true],
    ['4', 'dispute', 'relatedParty', items(1, party2), true],
    ['4', 'dispute', 'relatedParty', items(99, party2), true],
    ['4', 'dispute', 'relatedParty', items(100, party2), false],
    ['5', 'fault', 'relatedEntity', undefined, false],
    ['5', 'fault', 'relatedEntity', [], false],
    ['5', 'fault', 'relatedEntity', items(1, entity), true],
    ['5', 'fault', 'relatedEntity', items(3, entity), true],
    ['5', 'fault', 'relatedEntity', items(4, entity), false],
    ['6', 'dispute', 'relatedEntity', undefined, true],
    ['6', 'dispute', 'relatedEntity', [], true],
    ['6', 'dispute', 'relatedEntity', items(3, entity), true],
    ['6', 'dispute', 'relatedEntity', items(4, entity), false],
  ];
  it.each(rows)('rule %s: %s with %s = %j -> valid %s', (_rule, kind, path, value, valid) => {
    const body: Record<string, unknown> = { ...minimal[kind](), [path]: value };
    if (value === undefined) delete body[path];
    expect(issuePaths(FaultTicketFvo.safeParse(body))).toEqual(valid ? [] : [path]);
  });

  it('rule 1 names its own message', () => {
    const result = FaultTicketFvo.safeParse({ ...minimalFault(), resolutionDisputeReason: 'x' });
    expect(result.error?.issues.map((i) => i.message)).toEqual(['rule.faultNoDisputeReason']);
  });
});

describe('date-times and the requested time slot in the body', () => {
  const paths = [
    'requestedResolutionDate',
    'requestedTimeSlot.validFor.startDateTime',
    'appointment.validFor.startDateTime',
    'appointment.validFor.endDateTime',
  ];
  const values = [
    ['2026-11-30T06:00:00Z', true],
    ['2026-11-30T07:00:00+01:00', true],
    ['2026-11-30T07:00:00', false],
    ['30.11.2026 07:00', false],
  ] as const;
  const rows = paths.flatMap((path) => values.map(([value, valid]) => [path, value, valid] as const));
  it.each(rows)('%s = %s -> valid %s', (path, value, valid) => {
    const result = FaultTicketFvo.safeParse(setAt(maximalFault(), path, value));
    expect(issuePaths(result)).toEqual(valid ? [] : [path]);
  });

  it.each([
    ['2026-12-01T08:00:00+01:00', false], // equal to the start
    ['2026-12-01T07:00:00Z', false], // the start's instant, written in UTC
    ['2026-12-01T06:00:00Z', false],
    ['2026-12-01T07:00:01Z', true],
  ])('requestedTimeSlot ending %s -> valid %s', (end, valid) => {
    const body = setAt(maximalFault(), 'requestedTimeSlot.validFor', { startDateTime: '2026-12-01T08:00:00+01:00', endDateTime: end });
    expect(issuePaths(FaultTicketFvo.safeParse(body))).toEqual(valid ? [] : ['requestedTimeSlot.validFor.endDateTime']);
  });
});

describe('value types', () => {
  it.each([
    ['endUserContactAllowed', 'yes'],
    ['endUserAppointmentIsNecessary', 1],
    ['interimMessagesRequested', 'true'],
    ['billingItem', 'BI-1'],
    ['billingItem[0]', 7],
    ['description', 42],
  ])('%s = %j is refused', (path, value) => {
    expect(issuePaths(FaultTicketFvo.safeParse(setAt(maximalFault(), path, value)))).toEqual([path]);
  });

  it.each([null, 'ticket', [], 42])('a body that is not an object (%j) is refused', (body) => {
    expect(FaultTicketFvo.safeParse(body).success).toBe(false);
  });
});
