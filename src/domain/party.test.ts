/** Related party items (interface.md 2.6): Individual | Organization, the three contact media, roles. */
// @vitest-environment node -- pure schemas need no DOM, and jsdom costs about a second per file.
import { describe, expect, it } from 'vitest';
import { ContactMedium, Individual, Organization, PartyOrPartyRole, RelatedParty, relatedPartyRoles } from './party';
import {
  chars,
  email,
  issuePaths,
  lengthCases,
  maximalIndividual,
  organization,
  phone,
  postal,
  removeAt,
  setAt,
  type LengthBound,
} from '../testing/fixtures';

const individualBounds: LengthBound[] = [
  ['familyName', 1, 30],
  ['givenName', 1, 30],
  ['salutation', 1, 30],
  ['title', 1, 30],
  ['contactMedium[0].phoneNumber', 1, 30],
  ['contactMedium[1].emailAddress', 1, 255],
  ['contactMedium[2].city', 1, 40],
  ['contactMedium[2].postcode', 1, 6],
  ['contactMedium[2].streetName', 1, 40],
  ['contactMedium[2].country', 2, 2],
  ['contactMedium[2].locality', 1, 40],
  ['contactMedium[2].streetNrSuffix', 1, 6],
];

describe('Individual lengths (contact media inside it)', () => {
  it.each(lengthCases(individualBounds))('%s of %i × "%s" -> valid %s', (path, length, fill, valid) => {
    const body = setAt(maximalIndividual(), path, chars(length, fill));
    expect(issuePaths(Individual.safeParse(body))).toEqual(valid ? [] : expect.arrayContaining([path]));
    expect(PartyOrPartyRole.safeParse(body).success).toBe(valid);
  });

  it('a family name of 30 "ü" or 30 "👍" is valid, 31 is not', () => {
    for (const fill of ['ü', '👍']) {
      expect(Individual.safeParse({ '@type': 'Individual', familyName: chars(30, fill) }).success).toBe(true);
      expect(Individual.safeParse({ '@type': 'Individual', familyName: chars(31, fill) }).success).toBe(false);
    }
  });
});

describe('Organization lengths', () => {
  it.each(lengthCases([['name', 1, 60]]))('%s of %i × "%s" -> valid %s', (path, length, fill, valid) => {
    const body = setAt(organization(), path, chars(length, fill));
    expect(issuePaths(Organization.safeParse(body))).toEqual(valid ? [] : expect.arrayContaining([path]));
    expect(PartyOrPartyRole.safeParse(body).success).toBe(valid);
  });
});

describe('streetNr: 1 to 4 digits', () => {
  it.each([
    ['1', true],
    ['0042', true],
    ['1234', true],
    ['', false],
    ['12345', false],
    ['12a', false],
    [' 12', false],
    ['-1', false],
    ['١٢', false], // Arabic-Indic digits are not [0-9]
  ])('%j -> valid %s', (streetNr, valid) => {
    const result = ContactMedium.safeParse({ ...postal(), streetNr });
    expect(issuePaths(result)).toEqual(valid ? [] : ['streetNr']);
    if (!valid) expect(result.error?.issues[0]?.message).toBe('rule.streetNrDigits');
  });
});

describe('contactType per medium', () => {
  it.each([
    ['PhoneContactMedium', phone, 'fixed', true],
    ['PhoneContactMedium', phone, 'mobile', true],
    ['PhoneContactMedium', phone, 'email', false],
    ['PhoneContactMedium', phone, 'fax', false],
    ['EmailContactMedium', email, 'email', true],
    ['EmailContactMedium', email, 'fixed', false],
    ['PostalAddressContactMedium', postal, 'postal', true],
    ['PostalAddressContactMedium', postal, 'email', false],
  ] as const)('%s with %s -> valid %s', (_type, build, contactType, valid) => {
    const result = ContactMedium.safeParse({ ...build(), contactType });
    expect(issuePaths(result)).toEqual(valid ? [] : ['contactType']);
  });
});

describe('required fields', () => {
  it.each([
    ['@type', phone],
    ['contactType', phone],
    ['phoneNumber', phone],
    ['@type', email],
    ['contactType', email],
    ['emailAddress', email],
    ['@type', postal],
    ['contactType', postal],
    ['city', postal],
    ['postcode', postal],
    ['streetName', postal],
    ['streetNr', postal],
  ] as const)('a contact medium without %s (%o) is refused', (path, build) => {
    expect(issuePaths(ContactMedium.safeParse(removeAt(build(), path)))).toContain(path);
  });

  it.each([
    ['@type', maximalIndividual],
    ['familyName', maximalIndividual],
    ['@type', organization],
    ['name', organization],
  ] as const)('a party without %s (%o) is refused', (path, build) => {
    expect(issuePaths(PartyOrPartyRole.safeParse(removeAt(build(), path)))).toContain(path);
  });

  const party = () => ({ role: 'installationContact', partyOrPartyRole: maximalIndividual() });
  it.each(['role', 'partyOrPartyRole', 'partyOrPartyRole.@type'])('a related party without %s is refused', (path) => {
    expect(issuePaths(RelatedParty.safeParse(removeAt(party(), path)))).toContain(path);
  });

  it.each(['preferred', 'country', 'locality', 'streetNrSuffix'])('postal %s is optional', (path) => {
    expect(ContactMedium.safeParse(removeAt(postal(), path)).success).toBe(true);
  });
  it.each(['givenName', 'salutation', 'title', 'contactMedium'])('Individual %s is optional', (path) => {
    expect(Individual.safeParse(removeAt(maximalIndividual(), path)).success).toBe(true);
  });
});

describe('role', () => {
  it.each([...relatedPartyRoles.map((r) => [r, true] as const), ['technicalContact', false] as const])(
    '%s -> valid %s',
    (role, valid) => {
      expect(RelatedParty.safeParse({ role, partyOrPartyRole: organization() }).success).toBe(valid);
    },
  );
  it('the enum is exactly the interface list', () => {
    expect([...relatedPartyRoles].sort()).toEqual(
      ['installationContact', 'locationAContact', 'orderManagementBuyerContact', 'orderManagementSellerContact'].sort(),
    );
  });
});

describe('union branches', () => {
  it.each([
    ['Individual', maximalIndividual(), true],
    ['Organization', organization(), true],
    ['Individual with phone only', { '@type': 'Individual', familyName: 'Ng', contactMedium: [phone()] }, true],
    ['Organization with email and postal', { ...organization(), contactMedium: [email(), postal()] }, true],
    ['Organization fields under @type Individual', { ...organization(), '@type': 'Individual' }, false],
    ['Individual fields under @type Organization', { ...maximalIndividual(), '@type': 'Organization' }, false],
    ['an unknown @type', { ...organization(), '@type': 'Person' }, false],
    ['a contact medium of unknown @type', { ...organization(), contactMedium: [{ ...phone(), '@type': 'FaxContactMedium' }] }, false],
    ['phone fields under @type EmailContactMedium', { ...organization(), contactMedium: [{ ...phone(), '@type': 'EmailContactMedium' }] }, false],
  ])('%s -> valid %s', (_name, body, valid) => {
    expect(PartyOrPartyRole.safeParse(body).success).toBe(valid);
  });

  it.each([
    ['PhoneContactMedium', phone()],
    ['EmailContactMedium', email()],
    ['PostalAddressContactMedium', postal()],
  ])('%s parses as a contact medium', (_name, medium) => {
    expect(ContactMedium.safeParse(medium).success).toBe(true);
  });
});
