// The icon is a hashed asset (issue 42: /favicon.svg was asked for again on every navigation, revalidated like the
// app's page): index.html names its source, which Vite emits as assets/favicon-<hash>.svg and never inlines (a data:
// address would meet the CSP's img-src 'self'), and every site caches assets/ for good.
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { UserConfig } from 'vite';
import { describe, expect, it } from 'vitest';

const root = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));

describe('the favicon', () => {
  const href = /<link rel="icon" href="([^"]+)"/.exec(readFileSync(root('index.html'), 'utf8'))?.[1];

  it('is named in index.html by its source under src/, which the build emits under assets/ with a hash', () => {
    expect(href).toMatch(/^\/src\/.+\.svg$/);
    expect(existsSync(root(href!.slice(1)))).toBe(true);
    // Nothing serves an icon without a hash in its name.
    expect(existsSync(root('public/favicon.svg'))).toBe(false);
  });

  it('stays a file in the build, never inlined', async () => {
    const { default: viteConfig } = await import('../vite.config');
    if (typeof viteConfig !== 'function') throw new Error('vite.config.ts no longer exports a function of the mode');
    const config = (await viteConfig({ mode: 'production', command: 'build', isSsrBuild: false, isPreview: false })) as UserConfig;
    const inline = config.build?.assetsInlineLimit;
    expect(typeof inline).toBe('function');
    expect((inline as (file: string, content: Buffer) => boolean | undefined)(root(href!.slice(1)), Buffer.from('<svg/>'))).toBe(false);
  });

  it.each(['deploy/nginx/locations.conf', 'deploy/nginx/gateway-locations.conf'])('is cached for good by %s (its assets/ location)', (file) => {
    expect(readFileSync(root(file), 'utf8')).toMatch(/location \/assets\/ \{[^}]*expires max;/);
  });
});
