/**
 * The Content-Security-Policy of the built app (docs/decisions/0025-content-security-policy.md, docs/security.md): a
 * Vite plugin that writes it into the build as a `_headers` file (Netlify, Cloudflare Pages) and a <meta> in index.html,
 * and serves it from `vite preview`, which every end-to-end run uses. The dev server stays without it (React's
 * fast refresh needs an inline script there).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { loadEnv, type Plugin } from 'vite';

export type CspEnv = Record<string, string | undefined>;
export type Directives = Record<string, readonly string[]>;

/** Directives a <meta http-equiv> cannot carry (CSP3 §3.3): the browser ignores them there, so only the header has them. */
const HEADER_ONLY = ['frame-ancestors', 'report-uri', 'sandbox'];

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
  };
}

/** The policy as a header value, or (`meta`) without the directives a <meta> cannot carry. */
export function serializeCsp(directives: Directives, { meta = false } = {}): string {
  return Object.entries(directives)
    .filter(([name]) => !(meta && HEADER_ONLY.includes(name)))
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

/** Other headers a static host should send with every file (docs/security.md). */
export const companionHeaders = { 'X-Content-Type-Options': 'nosniff' } as const;

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

export function contentSecurityPolicy(): Plugin {
  let command: 'build' | 'serve' = 'serve';
  let directives: Directives = {};
  return {
    name: 'content-security-policy',
    config(userConfig, { mode, isPreview }) {
      const root = resolve(userConfig.root ?? process.cwd());
      directives = cspDirectives(loadEnv(mode, typeof userConfig.envDir === 'string' ? resolve(root, userConfig.envDir) : root, ENV_PREFIXES));
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
    apply: (_config, env) => env.command === 'build' || env.isPreview === true,
  };
}
