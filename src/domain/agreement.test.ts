/** Agreement | AgreementRef (interface.md 2.5): bounds, enum, required fields, both union branches. */
// @vitest-environment node -- pure schemas need no DOM, and jsdom costs about a second per file.
import { describe, expect, it } from 'vitest';
import { Agreement, AgreementOrRef, AgreementRef, agreementTypes } from './agreement';
import { agreement, agreementRef, chars, issuePaths, lengthCases, removeAt, setAt, type LengthBound } from '../testing/fixtures';

const agreementBounds: LengthBound[] = [
  ['name', 1, 160],
  ['businessId', 1, 40],
  ['engagedParty[0].businessId', 1, 10],
];

describe('Agreement lengths', () => {
  it.each(lengthCases(agreementBounds))('%s of %i × "%s" -> valid %s', (path, length, fill, valid) => {
    const body = setAt(agreement(), path, chars(length, fill));
    expect(issuePaths(Agreement.safeParse(body))).toEqual(valid ? [] : expect.arrayContaining([path]));
    expect(AgreementOrRef.safeParse(body).success).toBe(valid);
  });
});

describe('AgreementRef lengths', () => {
  it.each(lengthCases([['id', 1, 36]]))('%s of %i × "%s" -> valid %s', (path, length, fill, valid) => {
    const body = setAt(agreementRef(), path, chars(length, fill));
    expect(issuePaths(AgreementRef.safeParse(body))).toEqual(valid ? [] : expect.arrayContaining([path]));
    expect(AgreementOrRef.safeParse(body).success).toBe(valid);
  });
});

describe('agreementType', () => {
  it.each([...agreementTypes.map((t) => [t, true] as const), ['frameContract', false] as const])(
    '%s -> valid %s',
    (agreementType, valid) => {
      expect(AgreementOrRef.safeParse({ ...agreement(), agreementType }).success).toBe(valid);
    },
  );
  it('the enum is exactly the interface list', () => {
    expect([...agreementTypes].sort()).toEqual(['buyerServiceContract', 'ordererServiceContract', 'singleContract']);
  });
});

describe('engagedParty: at most 1 item, each an Organization with a businessId', () => {
  const party = { '@type': 'Organization', businessId: 'ORG-1' };
  it.each([
    [0, true],
    [1, true],
    [2, false],
  ])('%i items -> valid %s', (n, valid) => {
    expect(Agreement.safeParse({ ...agreement(), engagedParty: Array.from({ length: n }, () => party) }).success).toBe(valid);
  });
  it('may be absent', () => {
    expect(Agreement.safeParse(removeAt(agreement(), 'engagedParty')).success).toBe(true);
  });
  it('refuses an engaged Individual', () => {
    expect(Agreement.safeParse(setAt(agreement(), 'engagedParty[0].@type', 'Individual')).success).toBe(false);
  });
});

describe('required fields', () => {
  it.each([
    ['@type', agreement],
    ['agreementType', agreement],
    ['name', agreement],
    ['businessId', agreement],
    ['engagedParty[0].@type', agreement],
    ['engagedParty[0].businessId', agreement],
    ['@type', agreementRef],
    ['id', agreementRef],
    ['@referredType', agreementRef],
  ])('without %s (%o) is refused', (path, build) => {
    expect(issuePaths(AgreementOrRef.safeParse(removeAt(build(), path)))).toContain(path);
  });
});

describe('union branches', () => {
  it.each([
    ['Agreement', agreement(), true],
    ['AgreementRef', agreementRef(), true],
    ['AgreementRef with a foreign @referredType', { ...agreementRef(), '@referredType': 'Contract' }, false],
    ['Agreement fields under @type AgreementRef', { ...agreement(), '@type': 'AgreementRef' }, false],
    ['AgreementRef fields under @type Agreement', { ...agreementRef(), '@type': 'Agreement' }, false],
    ['an unknown @type', { ...agreementRef(), '@type': 'Contract' }, false],
  ])('%s -> valid %s', (_name, body, valid) => {
    expect(AgreementOrRef.safeParse(body).success).toBe(valid);
  });
});
