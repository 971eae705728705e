/** Splits a field name or JSON path into segments: `a[0].b`, `a.0.b` -> ['a', 0, 'b']. */
export function pathSegments(path: string): (string | number)[] {
  if (path === '') return [];
  return path
    .replace(/\[(\d+)\]/g, '.$1')
    .split('.')
    .filter((segment) => segment !== '')
    .map((segment) => (/^\d+$/.test(segment) ? Number(segment) : segment));
}
