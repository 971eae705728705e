/** Related entity items (interface.md 2.7): each role with its own entity shape, and no other. */
// @vitest-environment node -- pure schemas need no DOM, and jsdom costs about a second per file.
import { describe, expect, it } from 'vitest';
import { RelatedEntity, relatedEntityRoles } from './entity';
import {
  affectedProduct,
  chars,
  diagnosis,
  issuePaths,
  lengthCases,
  optionalServices,
  removeAt,
  setAt,
} from '../testing/fixtures';

const shapes = {
  affectedProduct: affectedProduct().entity,
  diagnosis: diagnosis().entity,
  optionalServices: optionalServices().entity,
};

describe('each role accepts its own entity shape and refuses the others', () => {
  const rows = relatedEntityRoles.flatMap((role) =>
    relatedEntityRoles.map((shapeOf) => [role, shapeOf, role === shapeOf] as const),
  );
  it.each(rows)('role %s with the entity of %s -> valid %s', (role, shapeOf, valid) => {
    expect(RelatedEntity.safeParse({ role, entity: shapes[shapeOf] }).success).toBe(valid);
  });

  it.each([
    ['diagnosis', 'Product'],
    ['affectedProduct', 'ProductTest'],
    ['affectedProduct', 'ProductOffering'],
  ])('role %s with @referredType %s is refused at entity.@referredType', (role, referredType) => {
    const entity = { '@type': 'EntityRef', id: 'x-1', '@referredType': referredType };
    expect(issuePaths(RelatedEntity.safeParse({ role, entity }))).toEqual(['entity.@referredType']);
  });

  it('optionalServices with an EntityRef is refused', () => {
    const entity = { '@type': 'EntityRef', id: 'x-1', '@referredType': 'Product' };
    expect(RelatedEntity.safeParse({ role: 'optionalServices', entity }).success).toBe(false);
  });
});

describe('role enum', () => {
  it('is exactly the interface list', () => {
    expect([...relatedEntityRoles].sort()).toEqual(['affectedProduct', 'diagnosis', 'optionalServices']);
  });
  it.each(['installedProduct', '', 'Diagnosis'])('refuses %j', (role) => {
    expect(issuePaths(RelatedEntity.safeParse({ ...diagnosis(), role }))).toEqual(['role']);
  });
});

describe('lengths', () => {
  const builders = { affectedProduct, diagnosis, optionalServices };
  const table = [
    ['affectedProduct', 'entity.id', 1, 36],
    ['diagnosis', 'entity.id', 1, 36],
    ['optionalServices', 'entity.name', 1, 60],
  ] as const;
  const rows = table.flatMap(([role, ...bound]) => lengthCases([bound]).map((row) => [role, ...row] as const));
  it.each(rows)('%s: %s of %i × "%s" -> valid %s', (role, path, length, fill, valid) => {
    const result = RelatedEntity.safeParse(setAt(builders[role](), path, chars(length, fill)));
    expect(issuePaths(result)).toEqual(valid ? [] : [path]);
  });
});

describe('required fields', () => {
  it.each([
    ['role', affectedProduct],
    ['entity', affectedProduct],
    ['entity.@type', affectedProduct],
    ['entity.id', affectedProduct],
    ['entity.@referredType', affectedProduct],
    ['entity.@type', diagnosis],
    ['entity.id', diagnosis],
    ['entity.@referredType', diagnosis],
    ['entity', optionalServices],
    ['entity.@type', optionalServices],
    ['entity.name', optionalServices],
  ] as const)('without %s (%o) is refused', (path, build) => {
    expect(issuePaths(RelatedEntity.safeParse(removeAt(build(), path)))).toContain(path);
  });

  it.each([
    ['affectedProduct', affectedProduct],
    ['diagnosis', diagnosis],
  ] as const)('%s refuses an entity @type other than EntityRef', (_role, build) => {
    expect(issuePaths(RelatedEntity.safeParse(setAt(build(), 'entity.@type', 'ProductRef')))).toEqual(['entity.@type']);
  });
  it('optionalServices refuses an entity @type other than ProductOffering', () => {
    const result = RelatedEntity.safeParse(setAt(optionalServices(), 'entity.@type', 'ProductOfferingRef'));
    expect(issuePaths(result)).toEqual(['entity.@type']);
  });
});
