// The server package's manifest against the root's (decision 0063): one Node range, one pin per package both list.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { packageOf } from './build';

type Manifest = { engines: { node: string }; dependencies?: Record<string, string>; devDependencies?: Record<string, string> };
const read = (path: string) => JSON.parse(readFileSync(join(process.cwd(), path), 'utf8')) as Manifest;
const root = read('package.json');
const server = read('server/package.json');

describe('server/package.json', () => {
  it('supports the Node versions the root does', () => {
    expect(server.engines.node).toBe(root.engines.node);
  });

  it('pins each package exactly, and as the root does where the root lists it too', () => {
    const rootPins = { ...root.dependencies, ...root.devDependencies };
    for (const [name, pin] of Object.entries(server.dependencies ?? {})) {
      expect(pin, name).toMatch(/^\d+\.\d+\.\d+$/);
      if (rootPins[name] !== undefined) expect(rootPins[name], name).toBe(pin);
    }
  });

  it.each([
    ['hono', 'hono'],
    ['hono/cookie', 'hono'],
    ['@hono/node-server/conninfo', '@hono/node-server'],
    ['@redis/client', '@redis/client'],
  ])('%s is an import of the package %s', (specifier, name) => {
    expect(packageOf(specifier)).toBe(name);
  });
});
