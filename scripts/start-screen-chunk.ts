/**
 * A Vite plugin and a code-splitting group: the start screen's code in one chunk (decision 0058). With the overview
 * route inside the start chunk, its chunks need no `<link rel="modulepreload">` of their own.
 */
import type { Plugin } from 'vite';

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
 * imports), which every visit loads, since index.html preloads them. Split automatically, they are over a dozen
 * small files, each a request, and on a slow phone's connection a round trip or more before the first paint
 * (decision 0058). A code-splitting group captures the modules the plugin found at the end of the build; the
 * libraries' group comes first.
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
