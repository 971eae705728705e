/** Related entity items (interface.md 2.7): the entity's shape depends on the role. */
import * as z from './zod';
import { refTo, text } from './common';

const entityRef = <T extends string>(referredType: T) => refTo('EntityRef', referredType);

export const AffectedProductEntity = z.object({
  '@type': z.string().optional(),
  role: z.literal('affectedProduct'),
  entity: entityRef('Product'),
});

export const DiagnosisEntity = z.object({
  '@type': z.string().optional(),
  role: z.literal('diagnosis'),
  entity: entityRef('ProductTest'),
});

export const OptionalServicesEntity = z.object({
  '@type': z.string().optional(),
  role: z.literal('optionalServices'),
  entity: z.object({
    '@type': z.literal('ProductOffering'),
    name: text(1, 60),
  }),
});

export const RelatedEntity = z.discriminatedUnion('role', [
  AffectedProductEntity,
  DiagnosisEntity,
  OptionalServicesEntity,
]);
export const relatedEntityRoles = ['affectedProduct', 'diagnosis', 'optionalServices'] as const;

export type RelatedEntity = z.infer<typeof RelatedEntity>;
export type RelatedEntityRole = RelatedEntity['role'];
