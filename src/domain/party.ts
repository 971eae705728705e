/** Related party items (interface.md 2.6): a role and an Individual or Organization with contact media. */
import * as z from './zod';
import { rule, text } from './common';

export const relatedPartyRoles = [
  'locationAContact',
  'installationContact',
  'orderManagementSellerContact',
  'orderManagementBuyerContact',
] as const;
export const RelatedPartyRole = z.enum(relatedPartyRoles);

export const PhoneContactMedium = z.object({
  '@type': z.literal('PhoneContactMedium'),
  contactType: z.enum(['fixed', 'mobile']),
  phoneNumber: text(1, 30),
  preferred: z.boolean().optional(),
});

export const EmailContactMedium = z.object({
  '@type': z.literal('EmailContactMedium'),
  contactType: z.literal('email'),
  emailAddress: text(1, 255),
  preferred: z.boolean().optional(),
});

export const PostalAddressContactMedium = z.object({
  '@type': z.literal('PostalAddressContactMedium'),
  contactType: z.literal('postal'),
  city: text(1, 40),
  postcode: text(1, 6),
  streetName: text(1, 40),
  streetNr: z.string().regex(/^[0-9]{1,4}$/, { message: rule.streetNrDigits }),
  preferred: z.boolean().optional(),
  country: text(2, 2).optional(),
  locality: text(1, 40).optional(),
  streetNrSuffix: text(1, 6).optional(),
});

export const ContactMedium = z.discriminatedUnion('@type', [
  PhoneContactMedium,
  EmailContactMedium,
  PostalAddressContactMedium,
]);

export const Individual = z.object({
  '@type': z.literal('Individual'),
  familyName: text(1, 30),
  givenName: text(1, 30).optional(),
  salutation: text(1, 30).optional(),
  title: text(1, 30).optional(),
  contactMedium: z.array(ContactMedium).optional(),
});

export const Organization = z.object({
  '@type': z.literal('Organization'),
  name: text(1, 60),
  contactMedium: z.array(ContactMedium).optional(),
});

export const PartyOrPartyRole = z.discriminatedUnion('@type', [Individual, Organization]);

export const RelatedParty = z.object({
  '@type': z.string().optional(),
  role: RelatedPartyRole,
  partyOrPartyRole: PartyOrPartyRole,
});

export type ContactMedium = z.infer<typeof ContactMedium>;
export type Individual = z.infer<typeof Individual>;
export type Organization = z.infer<typeof Organization>;
export type RelatedParty = z.infer<typeof RelatedParty>;
export type RelatedPartyRole = z.infer<typeof RelatedPartyRole>;
