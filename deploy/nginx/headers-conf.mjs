#!/usr/bin/env node
// The headers of an app build for nginx: reads the build's _headers (written by Vite with the build's own
// Content-Security-Policy, scripts/csp.ts) and prints one `add_header … always;` per header, for headers.conf.
// Usage: node deploy/nginx/headers-conf.mjs dist/_headers > /etc/nginx/trouble-ticket-desk/headers.conf
import { readFileSync } from 'node:fs';

/** `Name: value` lines of the `/*` block of a Netlify-style _headers file, as nginx directives. */
export function nginxHeaders(text) {
  const lines = text.split('\n').filter((line) => /^\s+[A-Za-z-]+:\s*\S/.test(line));
  if (!lines.length) throw new Error('No headers found: is this the _headers file of an app build?');
  return lines
    .map((line) => {
      const [, name, value] = /^\s+([A-Za-z-]+):\s*(.+?)\s*$/.exec(line);
      // A policy never holds a double quote; refusing one keeps the directive unbreakable.
      if (value.includes('"')) throw new Error(`A header value with a double quote cannot be written for nginx: ${name}`);
      return `add_header ${name} "${value}" always;`;
    })
    .join('\n')
    .concat('\n');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const file = process.argv[2];
  if (!file) {
    console.error('Usage: node deploy/nginx/headers-conf.mjs <build>/_headers');
    process.exit(1);
  }
  process.stdout.write(nginxHeaders(readFileSync(file, 'utf8')));
}
