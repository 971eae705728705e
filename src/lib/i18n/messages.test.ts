// @vitest-environment node
/** describeIssue: zod issues -> catalogue key, values, path and field keys; and the words a person then reads. */
// @vitest-environment node -- pure schemas need no DOM, and jsdom costs about a second per file.
import { Translator, type TFunction } from './translator';
import { beforeAll, describe, expect, it } from 'vitest';
import * as z from '../../domain/zod';
// Lives beside the catalogues (not in src/domain) because it proves every key the domain emits has words here.
import { de as deFirstScreen } from './de';
import { en as enFirstScreen } from './en';
import { fieldWordsDe } from './sections/fields.de';
import { fieldWordsEn } from './sections/fields.en';
import { formatIssue } from './format-issue';
import { AgreementOrRef } from '../../domain/agreement';
import { TimeSlot } from '../../domain/appointment';
import { CancelProductOrderFvo } from '../../domain/cancel-order';
import { eventEnvelope, listeners, type Listener } from '../../domain/event';
import { Paging } from '../../domain/list';
import { describeError, describeIssue, fieldKeysOf, formatPath, type IssueMessage } from '../../domain/messages';
import { FaultTicketFvo } from '../../domain/ticket';
import { maximalFault, minimalDispute, minimalFault, removeAt, setAt, timeSlot } from '../../testing/fixtures';

// The catalogues as a screen that names fields has them: the first screen's words and the fields' (./field-words.ts).
const en = { ...enFirstScreen, ...fieldWordsEn };
const de = { ...deFirstScreen, ...fieldWordsDe };

const party = 'relatedParty[0].partyOrPartyRole';

/** The issues of one failed parse, described. */
function describeFailure(schema: z.ZodType, input: unknown): IssueMessage[] {
  const result = schema.safeParse(input);
  if (result.success) throw new Error('expected the input to be refused');
  return describeError(result.error);
}

/** One refused input per kind of issue the domain can raise: `[name, schema, input]`. */
const corpus: [string, z.ZodType, unknown][] = [
  ['string too long', FaultTicketFvo, setAt(maximalFault(), `${party}.familyName`, 'x'.repeat(31))],
  ['string empty', FaultTicketFvo, setAt(maximalFault(), `${party}.familyName`, '')],
  ['string too short (min 7)', FaultTicketFvo, setAt(maximalFault(), 'accessLineId', '123456')],
  ['required string missing', FaultTicketFvo, removeAt(maximalFault(), `${party}.familyName`)],
  ['required array missing', FaultTicketFvo, removeAt(minimalFault(), 'relatedEntity')],
  ['too few items', FaultTicketFvo, setAt(minimalFault(), 'relatedParty', [])],
  ['too many items', FaultTicketFvo, setAt(maximalFault(), 'billingItem', Array(100).fill('b'))],
  ['enum outside', FaultTicketFvo, setAt(maximalFault(), 'expressFaultResolution', 'express')],
  ['enum missing', FaultTicketFvo, removeAt(maximalFault(), 'agreement[0].agreementType')],
  ['literal wrong', FaultTicketFvo, setAt(maximalFault(), 'agreement[1].@referredType', 'Contract')],
  ['discriminator missing', FaultTicketFvo, removeAt(minimalFault(), 'ticketType')],
  ['nested discriminator wrong', FaultTicketFvo, setAt(maximalFault(), `${party}.@type`, 'Person')],
  ['date-time without offset', FaultTicketFvo, setAt(maximalFault(), 'requestedResolutionDate', '2026-12-01T10:00:00')],
  ['streetNr pattern', FaultTicketFvo, setAt(maximalFault(), `${party}.contactMedium[2].streetNr`, '12a')],
  ['wrong type', FaultTicketFvo, setAt(maximalFault(), 'endUserContactAllowed', 'yes')],
  ['body not an object', FaultTicketFvo, 'ticket'],
  ['dispute reason on a fault', FaultTicketFvo, { ...minimalFault(), resolutionDisputeReason: 'No' }],
  ['dispute without relationship', FaultTicketFvo, removeAt(minimalDispute(), 'troubleTicketRelationship')],
  ['time slot end before start', TimeSlot, setAt(timeSlot(), 'validFor.endDateTime', '2026-12-01T07:00:00+01:00')],
  ['agreement @type missing', AgreementOrRef, { id: 'a', '@referredType': 'Agreement' }],
  ['paging not a number', Paging, { limit: 'ten' }],
  ['cancel order without productOrder.id', CancelProductOrderFvo, { '@type': 'CancelProductOrder', productOrder: { '@referredType': 'ProductOrder' } }],
];

/** Refused events: a receiver answers them with an ErrorMessage, no person reads a field label for them. */
const eventCorpus: [string, z.ZodType, unknown][] = [
  ['event with the wrong eventType', eventEnvelope(listeners[0] as Listener), { eventId: 'e', eventTime: '2026-12-01T10:00:00Z', eventType: 'X', event: {} }],
];

describe('describeIssue', () => {
  it.each([
    ['familyName too long', `${party}.familyName`, 'x'.repeat(31), 'validation.tooLong', { max: 30 }],
    ['familyName empty', `${party}.familyName`, '', 'validation.required', {}],
    ['accessLineId too short', 'accessLineId', '123456', 'validation.tooShort', { min: 7 }],
    ['country too short', `${party}.contactMedium[2].country`, 'D', 'validation.tooShort', { min: 2 }],
    ['too few parties', 'relatedParty', [], 'validation.tooFewItems', { min: 2 }],
    ['too many entities', 'relatedEntity', Array(4).fill(maximalFault().relatedEntity[0]), 'validation.tooManyItems', { max: 3 }],
    ['enum outside', 'expressFaultResolution', 'express', 'validation.oneOf', { options: 'standard, oneTime, none' }],
    ['bad date-time', 'requestedResolutionDate', 'tomorrow', 'validation.dateTime', {}],
    ['streetNr', `${party}.contactMedium[2].streetNr`, '12a', 'rule.streetNrDigits', {}],
    ['wrong type', 'endUserContactAllowed', 'yes', 'validation.type', { expected: 'boolean' }],
  ])('%s', (_name, path, value, key, values) => {
    const [issue, ...others] = describeFailure(FaultTicketFvo, setAt(maximalFault(), path, value));
    expect(others).toEqual([]);
    expect(issue).toMatchObject({ path, key, values });
  });

  it('gives the path string and the field keys, most specific first', () => {
    const [issue] = describeFailure(FaultTicketFvo, setAt(maximalFault(), `${party}.familyName`, 'x'.repeat(31)));
    expect(issue).toEqual({
      path: 'relatedParty[0].partyOrPartyRole.familyName',
      key: 'validation.tooLong',
      values: { max: 30 },
      fieldKeys: ['fields.partyOrPartyRole_familyName', 'fields.familyName'],
    });
  });

  it('a missing field reads as required', () => {
    const [issue] = describeFailure(FaultTicketFvo, removeAt(maximalFault(), `${party}.familyName`));
    expect(issue).toMatchObject({ path: `${party}.familyName`, key: 'validation.required' });
  });

  it('a missing ticketType lists the two choices', () => {
    const [issue] = describeFailure(FaultTicketFvo, removeAt(minimalFault(), 'ticketType'));
    expect(issue).toMatchObject({ path: 'ticketType', key: 'validation.oneOf', values: { options: 'fault, dispute' } });
  });

  it('the rules carry their own keys', () => {
    expect(describeFailure(FaultTicketFvo, { ...minimalFault(), resolutionDisputeReason: 'No' })).toEqual([
      { path: 'resolutionDisputeReason', key: 'rule.faultNoDisputeReason', values: {}, fieldKeys: ['fields.resolutionDisputeReason'] },
    ]);
    const late = setAt(timeSlot(), 'validFor.endDateTime', '2026-12-01T07:00:00+01:00');
    expect(describeFailure(TimeSlot, late)).toEqual([
      { path: 'validFor.endDateTime', key: 'rule.startBeforeEnd', values: {}, fieldKeys: ['fields.validFor_endDateTime', 'fields.endDateTime'] },
    ]);
  });

  it('an issue about the whole body names the ticket', () => {
    expect(describeFailure(FaultTicketFvo, 'ticket')).toEqual([
      { path: '', key: 'validation.type', values: { expected: 'object' }, fieldKeys: ['fields.ticket'] },
    ]);
  });

  it.each([
    [['relatedParty', 0, 'partyOrPartyRole', 'contactMedium', 2, 'city'], 'relatedParty[0].partyOrPartyRole.contactMedium[2].city'],
    [['billingItem', 3], 'billingItem[3]'],
    [['description'], 'description'],
    [[], ''],
  ])('formatPath(%j) = %j', (path, text) => {
    expect(formatPath(path)).toBe(text);
  });

  it.each([
    [['agreement', 0, 'name'], ['fields.agreement_name', 'fields.name']],
    [['billingItem', 3], ['fields.billingItem']],
    [[], ['fields.ticket']],
  ])('fieldKeysOf(%j) = %j', (path, keys) => {
    expect(fieldKeysOf(path)).toEqual(keys);
  });

  it('a message that is already a catalogue key is kept as it is', () => {
    const issue = { code: 'custom', path: ['x'], message: 'validation.invalid', input: 1 } as z.core.$ZodIssue;
    expect(describeIssue(issue)).toMatchObject({ key: 'validation.invalid', values: {} });
  });
});

/** Looks a dotted key up in a catalogue: `validation.tooLong` -> en.validation.tooLong. */
function lookUp(catalogue: object, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalogue);
}

describe('every key the domain produces has words in both catalogues', () => {
  const issues = corpus.map(([name, schema, input]) => [name, describeFailure(schema, input)] as const);

  it.each(issues)('%s: message and field label', (_name, described) => {
    for (const { key, fieldKeys, path } of described) {
      expect(typeof lookUp(en, key), `en ${key}`).toBe('string');
      expect(typeof lookUp(de, key), `de ${key}`).toBe('string');
      expect(fieldKeys.some((k) => typeof lookUp(en, k) === 'string'), `en label for ${path}`).toBe(true);
      expect(fieldKeys.some((k) => typeof lookUp(de, k) === 'string'), `de label for ${path}`).toBe(true);
    }
  });

  it.each(eventCorpus)('%s: message', (_name, schema, input) => {
    for (const { key } of describeFailure(schema, input)) {
      expect(typeof lookUp(en, key), `en ${key}`).toBe('string');
      expect(typeof lookUp(de, key), `de ${key}`).toBe('string');
    }
  });

  it('the corpus reaches every validation and rule key but the catch-alls', () => {
    const produced = new Set(issues.flatMap(([, described]) => described.map((d) => d.key)));
    const catalogued = [...Object.keys(en.validation).map((k) => `validation.${k}`), ...Object.keys(en.rule).map((k) => `rule.${k}`)];
    expect(catalogued.filter((k) => !produced.has(k))).toEqual(['validation.format', 'validation.invalid']);
  });
});

describe('the words a person reads', () => {
  let tEn: TFunction;
  let tDe: TFunction;
  beforeAll(async () => {
    const english = new Translator();
    await english.init({ language: 'en', words: { en } });
    tEn = english.t;
    const german = new Translator();
    await german.init({ language: 'de', words: { de } });
    tDe = german.t;
  });

  const words = (t: () => TFunction, input: unknown, schema: z.ZodType = FaultTicketFvo) =>
    describeFailure(schema, input).map((issue) => formatIssue(issue, t()));

  it.each([
    [`${party}.familyName`, 'x'.repeat(31), 'Family name: at most 30 characters'],
    [`${party}.familyName`, '', 'Family name: enter a value'],
    ['accessLineId', '123456', 'Access line ID: at least 7 characters'],
    ['agreement[0].name', 'x'.repeat(161), 'Agreement name: at most 160 characters'],
    ['relatedParty[1].partyOrPartyRole.name', 'x'.repeat(61), 'Organization name: at most 60 characters'],
    ['relatedEntity[2].entity.name', '', 'Offering name: enter a value'],
    ['relatedParty', [maximalFault().relatedParty[0]], 'Contacts: at least 2 needed'],
    [`${party}.contactMedium[2].streetNr`, '12345', 'House number: 1 to 4 digits'],
    ['expressFaultResolution', 'fast', 'Express fault resolution: choose one of standard, oneTime, none'],
  ])('en: %s = %j reads %j', (path, value, text) => {
    expect(words(() => tEn, setAt(maximalFault(), path, value))).toEqual([text]);
  });

  it('en: the rules read as sentences', () => {
    expect(words(() => tEn, { ...minimalFault(), resolutionDisputeReason: 'No' })).toEqual([
      'Dispute reason: only a dispute can give a dispute reason',
    ]);
    expect(words(() => tEn, { limit: '-5' }, Paging)).toEqual(['Page size: a whole number, 0 or more']);
  });

  it('de: Nachname: höchstens 30 Zeichen', () => {
    expect(words(() => tDe, setAt(maximalFault(), `${party}.familyName`, 'ü'.repeat(31)))).toEqual([
      'Nachname: höchstens 30 Zeichen',
    ]);
  });

  it('de: a time slot that ends before it starts', () => {
    const late = setAt(timeSlot(), 'validFor.endDateTime', '2026-12-01T07:00:00+01:00');
    expect(words(() => tDe, late, TimeSlot)).toEqual(['Ende: muss nach dem Beginn liegen']);
  });
});
