/** Agreement | AgreementRef (interface.md 2.5), with the engaged organization. */
import * as z from './zod';
import { refTo, text } from './common';

export const agreementTypes = ['buyerServiceContract', 'ordererServiceContract', 'singleContract'] as const;
export const AgreementType = z.enum(agreementTypes);

export const EngagedParty = z.object({
  '@type': z.literal('Organization'),
  businessId: text(1, 10),
});

export const Agreement = z.object({
  '@type': z.literal('Agreement'),
  agreementType: AgreementType,
  name: text(1, 160),
  businessId: text(1, 40),
  engagedParty: z.array(EngagedParty).max(1).optional(),
});

export const AgreementRef = refTo('AgreementRef', 'Agreement');

export const AgreementOrRef = z.discriminatedUnion('@type', [Agreement, AgreementRef]);

export type Agreement = z.infer<typeof Agreement>;
export type AgreementRef = z.infer<typeof AgreementRef>;
export type AgreementOrRef = z.infer<typeof AgreementOrRef>;
