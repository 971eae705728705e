// The Content-Security-Policy the build writes (scripts/csp.ts): origins from the VITE_* variables, no unsafe sources,
// header-only directives kept out of the meta, and the _headers file the preview reads back.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { companionHeaders, contentSecurityPolicy, cspDirectives, headersFile, originOf, policyFromHeadersFile, serializeCsp } from './csp';

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

describe('Trusted Types, reports and the companion headers (decision 0055)', () => {
  it('requires Trusted Types for scripts, allows only the app\'s policy (no default), and sends reports to /csp-report', () => {
    const directives = cspDirectives(realEnv);
    expect(directives['require-trusted-types-for']).toEqual(["'script'"]);
    expect(directives['trusted-types']).toEqual(['ttd-script-url']);
    expect(directives['report-uri']).toEqual(['/csp-report']);
    expect(directives['report-to']).toEqual(['csp']);
  });

  it('the meta carries Trusted Types but not the report directives (a meta cannot; the browser warns)', () => {
    const meta = serializeCsp(cspDirectives(realEnv), { meta: true });
    expect(meta).toContain("require-trusted-types-for 'script'");
    expect(meta).not.toMatch(/report-uri|report-to/);
  });

  it.each([
    ['Referrer-Policy', 'no-referrer'],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    ['Cross-Origin-Resource-Policy', 'same-origin'],
    ['Reporting-Endpoints', 'csp="/csp-report"'],
    ['X-Content-Type-Options', 'nosniff'],
  ])('_headers sends %s: %s', (name, value) => {
    expect(headersFile('x').split('\n')).toContain(`  ${name}: ${value}`);
  });

  it.each([
    ['camera', '()'],
    ['microphone', '()'],
    ['geolocation', '()'],
    ['payment', '()'],
    ['usb', '()'],
    ['fullscreen', '()'],
    // Nothing reads the clipboard; the copy buttons write it (detail-copy.tsx): for this site, nothing else.
    ['clipboard-read', '()'],
    // The copy buttons write to the clipboard (detail-copy.tsx): allowed for this site, nothing else.
    ['clipboard-write', '(self)'],
  ])('Permissions-Policy sets %s=%s', (feature, allow) => {
    expect(companionHeaders['Permissions-Policy'].split(', ')).toContain(`${feature}=${allow}`);
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

  it('the dev server (npm run dev, npm run demo) sends the build\'s policy and headers, with a nonce for Vite\'s own inline script and styles', () => {
    const plugin = contentSecurityPolicy();
    const config = hook(plugin, 'config')({}, { mode: 'demo', command: 'serve', isPreview: false }) as {
      html: { cspNonce: string };
      server: { headers: Record<string, string> };
    };
    const nonce = config.html.cspNonce;
    expect(nonce).toMatch(/^[A-Za-z0-9+/=]{24}$/);
    const served = config.server.headers['Content-Security-Policy'] ?? '';
    const built = cspDirectives({});
    expect(served).toBe(serializeCsp({ ...built, 'script-src': ["'self'", `'nonce-${nonce}'`], 'style-src': ["'self'", `'nonce-${nonce}'`] }));
    expect(served).toContain("require-trusted-types-for 'script'; trusted-types ttd-script-url");
    expect(config.server.headers).toMatchObject(companionHeaders);
    // Another server start, another nonce.
    expect((hook(contentSecurityPolicy(), 'config')({}, { mode: 'demo', command: 'serve' }) as typeof config).html.cspNonce).not.toBe(nonce);
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
