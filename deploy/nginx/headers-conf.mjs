#!/usr/bin/env node
// The headers of an app build for nginx: reads the build's _headers (written by Vite with the build's own
// Content-Security-Policy and the companion headers, scripts/csp.ts) and prints one `add_header … always;` per header,
// plus HSTS (nginx terminates TLS), for headers.conf: every header nginx sends, in one file, included once per server
// and again in any location that adds a header of its own (nginx drops inherited add_headers there; decision 0055).
// Usage: node deploy/nginx/headers-conf.mjs dist/_headers > /etc/nginx/trouble-ticket-desk/headers.conf
import { readFileSync, realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Two years, on https only (docs/deploy.md): nginx is where TLS ends, so this header is nginx's own. */
export const HSTS = 'add_header Strict-Transport-Security "max-age=63072000" always;';

/**
 * `Name: value` lines of the `/*` block of a Netlify-style _headers file, as nginx directives, and HSTS; and, for each,
 * `proxy_hide_header`: an upstream that sends one of them too (the gateway's secure headers) must not make it appear
 * twice, which a browser may read as no header at all (COOP).
 */
export function nginxHeaders(text) {
  const lines = text.split('\n').filter((line) => /^\s+[A-Za-z-]+:\s*\S/.test(line));
  if (!lines.length) throw new Error('No headers found: is this the _headers file of an app build?');
  return lines
    .map((line) => {
      const [, name, value] = /^\s+([A-Za-z-]+):\s*(.+?)\s*$/.exec(line);
      // The policy holds single quotes ('self'), Reporting-Endpoints double ones (csp="/csp-report"): each is written
      // in the other kind. A value with both, a backslash or a $ (an nginx variable) is refused: that keeps the directive unbreakable.
      if (/[\\$]/.test(value) || (value.includes('"') && value.includes("'"))) {
        throw new Error(`A header value with both kinds of quote, a backslash or a $ cannot be written for nginx: ${name}`);
      }
      return value.includes('"') ? `add_header ${name} '${value}' always;` : `add_header ${name} "${value}" always;`;
    })
    .concat(HSTS)
    .flatMap((directive) => [directive, `proxy_hide_header ${/^add_header (\S+)/.exec(directive)[1]};`])
    .join('\n')
    .concat('\n');
}

// Run as a script: compared as real paths, since the host runs it through a link (/srv/trouble-ticket-desk/server
// is a link to the release); a plain URL comparison there printed nothing and exited 0, an empty headers.conf.
if (process.argv[1] && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const file = process.argv[2];
  if (!file) {
    console.error('Usage: node deploy/nginx/headers-conf.mjs <build>/_headers');
    process.exit(1);
  }
  process.stdout.write(nginxHeaders(readFileSync(file, 'utf8')));
}
