// The Content-Security-Policy the build writes (scripts/csp.ts): origins from the VITE_* variables, no unsafe sources,
// header-only directives kept out of the meta, and the _headers file the preview reads back.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, cspDirectives, headersFile, originOf, policyFromHeadersFile, serializeCsp } from './csp';

const realEnv = {
  VITE_API_BASE_URL: 'https://api.example.net/tmf-api/troubleTicket/v5',
  VITE_OIDC_AUTHORITY: 'https://login.example.net/realms/desk',
  VITE_EVENTS_URL: 'https://events.example.net/relay',
};

describe('originOf', () => {
  it.each([
    ['https://api.example.net/tmf-api/v5', 'https://api.example.net'],
    ['http://127.0.0.1:4177/relay', 'http://127.0.0.1:4177'],
    ['HTTPS://Login.Example.net:8443/x?y', 'https://login.example.net:8443'],
    ['/tmf-api/troubleTicket/v5', undefined],
    ['/relay', undefined],
    ['', undefined],
    [undefined, undefined],
    ['javascript:alert(1)', undefined],
    ['ftp://files.example.net/', undefined],
  ])('%s -> %s', (value, origin) => {
    expect(originOf(value)).toBe(origin);
  });
});

describe('cspDirectives', () => {
  it('a real-mode build: connect-src has this site, the API, the provider and the relay; form-action the provider', () => {
    const directives = cspDirectives(realEnv);
    expect(directives['connect-src']).toEqual([
      "'self'",
      'https://api.example.net',
      'https://login.example.net',
      'https://events.example.net',
    ]);
    expect(directives['form-action']).toEqual(["'self'", 'https://login.example.net']);
  });

  it('the demo (paths only): everything is this site', () => {
    const directives = cspDirectives({ VITE_DEMO: 'true' });
    expect(directives['connect-src']).toEqual(["'self'"]);
    expect(directives['form-action']).toEqual(["'self'"]);
  });

  it('one origin for API and relay is listed once; CSP_CONNECT_SRC adds sources', () => {
    const directives = cspDirectives({
      VITE_API_BASE_URL: 'https://desk.example.net/api',
      VITE_EVENTS_URL: 'https://desk.example.net/relay',
      CSP_CONNECT_SRC: ' https://keys.example.net  https://desk.example.net ',
    });
    expect(directives['connect-src']).toEqual(["'self'", 'https://desk.example.net', 'https://keys.example.net']);
  });

  it('no unsafe source anywhere, no inline or eval, and the lock-down directives', () => {
    const policy = serializeCsp(cspDirectives(realEnv));
    expect(policy).not.toMatch(/unsafe-|\*|data:|blob:|http:/);
    for (const part of ["default-src 'self'", "script-src 'self'", "style-src 'self'", "object-src 'none'", "base-uri 'self'",
      "frame-ancestors 'none'", "worker-src 'self'", "img-src 'self'"]) {
      expect(policy).toContain(part);
    }
  });
});

describe('header and meta', () => {
  it('the meta leaves out frame-ancestors (a meta cannot carry it); the header has it', () => {
    const directives = cspDirectives(realEnv);
    expect(serializeCsp(directives)).toContain("frame-ancestors 'none'");
    expect(serializeCsp(directives, { meta: true })).not.toContain('frame-ancestors');
    expect(serializeCsp(directives, { meta: true })).toContain("script-src 'self'");
  });

  it('_headers applies to every path and reads back to the same policy', () => {
    const policy = serializeCsp(cspDirectives(realEnv));
    const file = headersFile(policy);
    expect(file.split('\n')[0]).toBe('/*');
    expect(file).toContain('  X-Content-Type-Options: nosniff');
    expect(policyFromHeadersFile(file)).toBe(policy);
    expect(policyFromHeadersFile('/*\n  X-Frame-Options: DENY\n')).toBeUndefined();
  });
});

describe('the plugin', () => {
  type Hook = (...args: unknown[]) => unknown;
  const hook = (plugin: ReturnType<typeof contentSecurityPolicy>, name: string) => plugin[name as keyof typeof plugin] as Hook;

  it('puts the meta right after the charset in a build, and nothing into the dev server page', () => {
    const html = '<!doctype html><html><head>\n    <meta charset="UTF-8" />\n    <title>x</title></head></html>';
    const build = contentSecurityPolicy();
    hook(build, 'config')({}, { mode: 'production', command: 'build' });
    hook(build, 'configResolved')({ command: 'build' });
    const out = hook(build, 'transformIndexHtml')(html) as string;
    expect(out).toMatch(/<meta charset="UTF-8" \/>\n\s*<meta http-equiv="Content-Security-Policy" content="default-src 'self'; [^"]+" \/>\n\s*<title>/);
    expect(out).not.toContain('frame-ancestors');

    const dev = contentSecurityPolicy();
    hook(dev, 'config')({}, { mode: 'development', command: 'serve' });
    hook(dev, 'configResolved')({ command: 'serve' });
    expect(hook(dev, 'transformIndexHtml')(html)).toBeUndefined();
  });

  it('applies to builds and to vite preview, not to the dev server', () => {
    const apply = contentSecurityPolicy().apply as Hook;
    expect(apply({}, { command: 'build', mode: 'production' })).toBe(true);
    expect(apply({}, { command: 'serve', mode: 'production', isPreview: true })).toBe(true);
    expect(apply({}, { command: 'serve', mode: 'development', isPreview: false })).toBe(false);
  });

  it('preview sends the header of the policy (from _headers when the build wrote one)', () => {
    const plugin = contentSecurityPolicy();
    const config = hook(plugin, 'config')({ build: { outDir: 'no-such-build-dir' } }, { mode: 'production', command: 'serve', isPreview: true }) as {
      preview: { headers: Record<string, string> };
    };
    expect(config.preview.headers['Content-Security-Policy']).toContain("frame-ancestors 'none'");
    expect(config.preview.headers['X-Content-Type-Options']).toBe('nosniff');
  });

  it('preview serves exactly the policy the build wrote into <outDir>/_headers', () => {
    const root = mkdtempSync(join(tmpdir(), 'csp-preview-'));
    try {
      mkdirSync(join(root, 'dist-x'));
      const built = serializeCsp(cspDirectives(realEnv));
      writeFileSync(join(root, 'dist-x', '_headers'), headersFile(built));
      const config = hook(contentSecurityPolicy(), 'config')({ root, build: { outDir: 'dist-x' } }, { mode: 'production', command: 'serve', isPreview: true }) as {
        preview: { headers: Record<string, string> };
      };
      // The preview's own env (none here) would give connect-src 'self' only: the build's origins win.
      expect(config.preview.headers['Content-Security-Policy']).toBe(built);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
