/**
 * The demo build's tough-cookie stand-in covers what MSW's browser build asks of tough-cookie (read from MSW's own
 * source, so an MSW upgrade that asks more fails here), and keeps the jar empty.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as stub from './no-cookie-jar';

const mswRoot = join(createRequire(import.meta.url).resolve('msw'), '../../..');
const cookieStoreSource = readFileSync(join(mswRoot, 'lib/core/utils/cookieStore.mjs'), 'utf8');

describe('the demo’s cookie jar stand-in', () => {
  it('exports every name MSW imports from tough-cookie', () => {
    const imported = /import\s*\{([^}]*)\}\s*from\s*["']tough-cookie["']/.exec(cookieStoreSource)?.[1];
    expect(imported, 'msw/lib/core/utils/cookieStore.mjs imports from tough-cookie').toBeDefined();
    const names = imported!.split(',').map((name) => name.trim()).filter(Boolean);
    expect(names.sort()).toEqual(['Cookie', 'CookieJar', 'MemoryCookieStore']);
    for (const name of names) expect(stub).toHaveProperty(name);
  });

  it('has every member MSW calls on them', () => {
    const jarCalls = [...cookieStoreSource.matchAll(/#jar\.(\w+)/g)].map((m) => m[1]);
    const storeMembers = [...cookieStoreSource.matchAll(/#memoryStore\.(\w+)/g)].map((m) => m[1]);
    const cookieStatics = [...cookieStoreSource.matchAll(/\bCookie\.(\w+)/g)].map((m) => m[1]);
    const jar = new stub.CookieJar(new stub.MemoryCookieStore());
    expect(new Set(jarCalls)).toEqual(new Set(['getCookiesSync', 'setCookie']));
    for (const member of jarCalls) expect(typeof jar[member as keyof typeof jar]).toBe('function');
    expect(new Set(storeMembers)).toEqual(new Set(['idx']));
    expect(new stub.MemoryCookieStore()).toHaveProperty('idx', {});
    expect(new Set(cookieStatics)).toEqual(new Set(['fromJSON']));
  });

  it('keeps no cookie: a set cookie is not sent back, and none is read back from storage', async () => {
    const jar = new stub.CookieJar(new stub.MemoryCookieStore());
    await jar.setCookie();
    expect(jar.getCookiesSync()).toEqual([]);
    expect(stub.Cookie.fromJSON()).toBeNull();
  });
});
