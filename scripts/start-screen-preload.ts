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

/** Every module reachable from `roots` through static imports, the roots included (ids as the bundler gives them). */
export function staticallyReachable(roots: readonly string[], importsOf: (id: string) => readonly string[]): Set<string> {
  const reached = new Set<string>();
  const pending = [...roots];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (reached.has(id)) continue;
    reached.add(id);
    pending.push(...importsOf(id));
  }
  return reached;
}

/**
 * The start screen's code in one file: the entry's modules and the start screen's (the overview route and what it
 * imports), which every visit loads, since index.html preloads them. Split automatically, they were fourteen files of
 * 0.2 to 15 kB, each a request, and on a slow phone's connection a round trip or more before the first paint (issue 18).
 * A code-splitting group captures the modules the plugin found at the end of the build; the libraries' group comes first.
 */
export function startScreenChunk(startModules: readonly string[] = ['src/main.tsx', 'src/app/routes/overview-route.tsx']) {
  const captured = new Set<string>();
  const plugin: Plugin = {
    name: 'start-screen-chunk',
    apply: 'build',
    buildEnd() {
      const roots = [...this.getModuleIds()].filter((id) => startModules.some((module) => id.replaceAll('\\', '/').endsWith(`/${module}`)));
      captured.clear();
      for (const id of staticallyReachable(roots, (id) => this.getModuleInfo(id)?.importedIds ?? [])) {
        if (!/\.css(\?|$)/.test(id)) captured.add(id);
      }
    },
  };
  return { plugin, group: { name: 'start', test: (id: string) => captured.has(id) } };
}
