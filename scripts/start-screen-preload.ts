/**
 * A Vite plugin: index.html preloads the start screen's chunk (the overview route) and the chunks it imports, beside
 * the entry. The router asks for it only once the entry has run, one round trip later on a slow network (issue 18's
 * critical request chain). Every address serves index.html, so other screens fetch these few kB too; the start
 * screen is where most visits begin.
 */
import type { HtmlTagDescriptor, Plugin } from 'vite';

type ChunkLike = { type: 'chunk'; fileName: string; facadeModuleId: string | null; imports: string[] };
type BundleLike = Record<string, ChunkLike | { type: 'asset'; fileName: string }>;

/** The start screen's chunk and every chunk it imports statically, minus what index.html already loads. */
export function startScreenFiles(bundle: BundleLike, startModule: string, html: string): string[] {
  const chunks = Object.values(bundle).filter((item): item is ChunkLike => item.type === 'chunk');
  const start = chunks.find((chunk) => chunk.facadeModuleId?.replaceAll('\\', '/').endsWith(startModule));
  if (!start) return [];
  const files = new Set<string>();
  const visit = (chunk: ChunkLike | undefined) => {
    if (!chunk || files.has(chunk.fileName)) return;
    files.add(chunk.fileName);
    for (const file of chunk.imports) visit(chunks.find((c) => c.fileName === file));
  };
  visit(start);
  return [...files].filter((file) => !html.includes(`/${file}"`));
}

export function startScreenPreload(startModule = 'src/app/routes/overview-route.tsx'): Plugin {
  let base = '/';
  return {
    name: 'start-screen-preload',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context): HtmlTagDescriptor[] {
        if (!context.bundle) return [];
        return startScreenFiles(context.bundle as BundleLike, startModule, html).map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${file}` },
          injectTo: 'head',
        }));
      },
    },
  };
}
