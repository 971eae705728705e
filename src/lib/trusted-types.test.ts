/** The app's one Trusted Types policy: only its own service workers' URLs on this origin become TrustedScriptURLs. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TRUSTED_TYPES_POLICY, checkScriptUrl } from './trusted-types';

const origin = 'https://desk.example.com';

describe('checkScriptUrl', () => {
  it.each([
    ['/sw.js'],
    ['/mockServiceWorker.js'],
    ['https://desk.example.com/sw.js'],
    ['/./sw.js'],
  ])('passes the app\'s own worker %j', (input) => {
    expect(checkScriptUrl(input, origin)).toBe(input);
  });

  it.each([
    ['/assets/injected.js', 'another script of this site'],
    ['/sw.js?importScripts=https://evil.example/x.js', 'a query'],
    ['/sw.js#x', 'a fragment'],
    ['/assets/sw.js', 'the name in another folder'],
    ['https://evil.example/sw.js', 'another origin'],
    ['//evil.example/sw.js', 'a protocol-relative URL'],
    ['http://desk.example.com/sw.js', 'this host over http'],
    ['data:text/javascript,alert(1)', 'a data: URL'],
    ['javascript:alert(1)', 'a javascript: URL'],
    ['blob:https://desk.example.com/1234', 'a blob: URL'],
  ])('refuses %j (%s)', (input) => {
    expect(() => checkScriptUrl(input, origin)).toThrow(/is not a script this app loads/);
  });

  it('reads the files below the base path of a build served from a folder', () => {
    expect(checkScriptUrl('/desk/sw.js', origin, '/desk/')).toBe('/desk/sw.js');
    expect(() => checkScriptUrl('/sw.js', origin, '/desk/')).toThrow();
  });
});

describe('createTrustedTypesPolicy and trustedScriptUrl', () => {
  afterEach(() => {
    Reflect.deleteProperty(globalThis, 'trustedTypes');
    vi.resetModules();
  });

  it('makes one policy of the allowed name, once, and routes URLs through it', async () => {
    const created: string[] = [];
    const createPolicy = vi.fn((name: string, options: { createScriptURL: (input: string) => string }) => {
      created.push(name);
      return { name, createScriptURL: (input: string) => ({ trusted: options.createScriptURL(input) }) };
    });
    Object.defineProperty(globalThis, 'trustedTypes', { value: { createPolicy }, configurable: true });
    vi.resetModules();
    const { createTrustedTypesPolicy, trustedScriptUrl } = await import('./trusted-types');
    createTrustedTypesPolicy();
    createTrustedTypesPolicy();
    expect(trustedScriptUrl('/sw.js')).toEqual({ trusted: '/sw.js' });
    expect(() => trustedScriptUrl('/assets/injected.js')).toThrow(TypeError);
    expect(created).toEqual([TRUSTED_TYPES_POLICY]);
  });

  it('without Trusted Types in the browser, gives the checked string, and still refuses others', async () => {
    vi.resetModules();
    const { createTrustedTypesPolicy, trustedScriptUrl } = await import('./trusted-types');
    expect(createTrustedTypesPolicy()).toBeNull();
    expect(trustedScriptUrl('/sw.js')).toBe('/sw.js');
    expect(() => trustedScriptUrl('https://evil.example/sw.js')).toThrow(TypeError);
  });
});
