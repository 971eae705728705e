/**
 * The Content-Security-Policy of the built app (docs/decisions/0025-content-security-policy.md, docs/security.md): a
 * Vite plugin that writes it into the build as a `_headers` file (Netlify, Cloudflare Pages) and a <meta> in index.html,
 * and serves it from `vite preview`, which every end-to-end run uses, and from the dev server (with a nonce for Vite's
 * own inline script and styles there). The companion headers (decision 0055) travel with it everywhere.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadEnv, type Connect, type Plugin } from 'vite';
import { TRUSTED_TYPES_POLICY } from '../src/lib/trusted-types.js';

export type CspEnv = Record<string, string | undefined>;
export type Directives = Record<string, readonly string[]>;

/** Directives a <meta http-equiv> cannot carry (CSP3 §3.3): the browser ignores them there, so only the header has them. */
const HEADER_ONLY = ['frame-ancestors', 'report-uri', 'report-to', 'sandbox'];

/** Where browsers send violation reports: the receiver's (and the gateway's) POST /csp-report (decision 0055). */
export const CSP_REPORT_PATH = '/csp-report';

/** The origin of an absolute http(s) URL; a path on this site (or nothing) gives none: 'self' covers it. */
export function originOf(value: string | undefined): string | undefined {
  if (!value || !/^https?:\/\//i.test(value.trim())) return undefined;
  try {
    return new URL(value.trim()).origin;
  } catch {
    return undefined;
  }
}

const unique = (values: (string | undefined)[]) => [...new Set(values.filter((value): value is string => Boolean(value)))];

/**
 * The policy for a build configured by `env` (its VITE_* variables): scripts, styles, images, workers only from this
 * site, no inline script or style and no eval; requests to this site, the API, the OpenID provider and the event relay.
 * `CSP_CONNECT_SRC` (space-separated) adds sources for a provider whose token or key endpoints live elsewhere.
 */
export function cspDirectives(env: CspEnv): Directives {
  const authority = originOf(env.VITE_OIDC_AUTHORITY);
  const extra = (env.CSP_CONNECT_SRC ?? '').split(/\s+/);
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'"],
    // The app shows no image but its own icon; no data: or blob: images are needed.
    'img-src': ["'self'"],
    'font-src': ["'self'"],
    'connect-src': unique(["'self'", originOf(env.VITE_API_BASE_URL), authority, originOf(env.VITE_EVENTS_URL), ...extra]),
    // The demo's mocked service is a service worker from this site.
    'worker-src': ["'self'"],
    'manifest-src': ["'self'"],
    // Sign-in renews with the refresh token, never in a hidden iframe: nothing is framed.
    'frame-src': ["'none'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': unique(["'self'", authority]),
    'frame-ancestors': ["'none'"],
    // No string reaches a script sink (innerHTML, script src, a worker's URL) unless the app's one policy made it a
    // trusted value: src/lib/trusted-types.ts, which passes only the service workers' own URLs. No 'default' policy.
    'require-trusted-types-for': ["'script'"],
    'trusted-types': [TRUSTED_TYPES_POLICY],
    // report-uri for browsers without the Reporting API; report-to names the endpoint of Reporting-Endpoints.
    'report-uri': [CSP_REPORT_PATH],
    'report-to': ['csp'],
  };
}

/** The policy as a header value, or (`meta`) without the directives a <meta> cannot carry. */
export function serializeCsp(directives: Directives, { meta = false } = {}): string {
  return Object.entries(directives)
    .filter(([name]) => !(meta && HEADER_ONLY.includes(name)))
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

/**
 * Browser features the app never uses, turned off for it and anything it might embed. Only the copy buttons use one
 * (clipboard-write). Names Chromium does not know are left out: it warns about each on every page.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()', 'autoplay=()', 'browsing-topics=()', 'camera=()', 'clipboard-read=()', 'clipboard-write=(self)',
  'display-capture=()', 'encrypted-media=()', 'fullscreen=()', 'gamepad=()', 'geolocation=()', 'gyroscope=()', 'hid=()',
  'idle-detection=()', 'local-fonts=()', 'magnetometer=()', 'microphone=()', 'midi=()', 'otp-credentials=()', 'payment=()',
  'picture-in-picture=()', 'publickey-credentials-create=()', 'publickey-credentials-get=()', 'screen-wake-lock=()',
  'serial=()', 'usb=()', 'window-management=()', 'xr-spatial-tracking=()',
].join(', ');

/**
 * Other headers every file is sent with (docs/decisions/0055): no Referer to the API, the provider or a link's
 * target; a window of its own (no opener across sites); the files readable by this site only; the report endpoint.
 */
export const companionHeaders = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Permissions-Policy': PERMISSIONS_POLICY,
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Reporting-Endpoints': `csp="${CSP_REPORT_PATH}"`,
} as const;

/** The `_headers` file of Netlify and Cloudflare Pages: these headers on every path. */
export function headersFile(policy: string): string {
  const lines = Object.entries({ 'Content-Security-Policy': policy, ...companionHeaders }).map(([name, value]) => `  ${name}: ${value}`);
  return `/*\n${lines.join('\n')}\n`;
}

/** The policy a build wrote into its `_headers`, if it did. */
export function policyFromHeadersFile(text: string): string | undefined {
  return /^\s*Content-Security-Policy:\s*(.+)$/m.exec(text)?.[1]?.trim();
}

const ENV_PREFIXES = ['VITE_', 'CSP_'];

/**
 * The dev server's policy: the build's, with a nonce for what Vite itself writes into the page in development (React
 * fast refresh's inline preamble, the `<style>` elements of hot-reloaded CSS); Vite puts the nonce on them
 * (`html.cspNonce`). Trusted Types and everything else are as in the build, so a sink the app hits fails in `npm run dev`
 * and `npm run demo` already.
 */
export function devDirectives(directives: Directives, nonce: string): Directives {
  const withNonce = (name: string) => [...(directives[name] ?? []), `'nonce-${nonce}'`];
  return { ...directives, 'script-src': withNonce('script-src'), 'style-src': withNonce('style-src') };
}

/**
 * POST /csp-report on the dev and preview servers: one line on the server's console per request, then 204, so a
 * violation in development shows where the developer looks (the receiver's endpoint logs them in production).
 */
export const devReportEndpoint: Connect.NextHandleFunction = (req, res, next) => {
  if (req.method !== 'POST' || req.url?.split('?')[0] !== CSP_REPORT_PATH) return next();
  let size = 0;
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => {
    size += chunk.byteLength;
    // The receiver's bound (server/listener/csp-reports.ts): a larger body is not a browser's report.
    if (size <= 16 * 1024) chunks.push(chunk);
  });
  req.on('end', () => {
    console.warn(`[csp] violation report: ${Buffer.concat(chunks).toString('utf8').slice(0, 500)}`);
    res.statusCode = 204;
    res.end();
  });
};

export function contentSecurityPolicy(): Plugin {
  let command: 'build' | 'serve' = 'serve';
  let directives: Directives = {};
  // Per dev server start: the page and the header of one server agree on it.
  const nonce = randomBytes(16).toString('base64');
  return {
    name: 'content-security-policy',
    config(userConfig, { mode, isPreview, command: running }) {
      const root = resolve(userConfig.root ?? process.cwd());
      directives = cspDirectives(loadEnv(mode, typeof userConfig.envDir === 'string' ? resolve(root, userConfig.envDir) : root, ENV_PREFIXES));
      if (running === 'serve' && !isPreview) {
        return { html: { cspNonce: nonce }, server: { headers: { 'Content-Security-Policy': serializeCsp(devDirectives(directives, nonce)), ...companionHeaders } } };
      }
      if (!isPreview) return undefined;
      const policy = serializeCsp(directives);
      // Preview serves what the build wrote (its own env decided the origins), else the policy of this env.
      let served = policy;
      try {
        served = policyFromHeadersFile(readFileSync(resolve(root, userConfig.build?.outDir ?? 'dist', '_headers'), 'utf8')) ?? policy;
      } catch {
        // No _headers: a build from before this plugin; serve the policy of the current env.
      }
      return { preview: { headers: { 'Content-Security-Policy': served, ...companionHeaders } } };
    },
    configResolved(resolved) {
      command = resolved.command;
    },
    configureServer(server) {
      server.middlewares.use(devReportEndpoint);
    },
    configurePreviewServer(server) {
      server.middlewares.use(devReportEndpoint);
    },
    transformIndexHtml(html) {
      if (command !== 'build') return undefined;
      // Right after the charset, before any script or stylesheet: a <meta> policy governs only what follows it.
      const meta = `<meta http-equiv="Content-Security-Policy" content="${serializeCsp(directives, { meta: true })}" />`;
      const charset = /<meta charset=[^>]*>/i;
      return charset.test(html) ? html.replace(charset, (tag) => `${tag}\n    ${meta}`) : html.replace(/<head>/i, `<head>\n    ${meta}`);
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: '_headers', source: headersFile(serializeCsp(directives)) });
    },
  };
}
