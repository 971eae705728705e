/**
 * Where a Lighthouse run spent its time, read from its report (lhr): the LCP element and its phases, the critical
 * request chain, main-thread work by script and by kind, and the longest tasks. Pure, so the reading is unit-tested.
 */
import type { Result } from 'lighthouse';

export type Findings = {
  lcpElement: string;
  /** TTFB, load delay, load time, render delay (ms). */
  lcpPhases: { phase: string; ms: number }[];
  /** The longest chain of requests the page waited on, first to last: path, time from start (ms), bytes. */
  chain: { path: string; startMs: number; endMs: number; bytes: number }[];
  /** Main-thread time per script (ms): total, script evaluation, parse and compile. */
  byScript: { script: string; totalMs: number; scriptingMs: number; parseMs: number }[];
  /** Main-thread time per kind of work (ms). */
  byKind: { kind: string; ms: number }[];
  /** The longest tasks (ms from navigation start, duration), by script. */
  longTasks: { script: string; startMs: number; durationMs: number }[];
};

type Details = { items?: unknown[] } | undefined;
type ChainNode = { request: { url: string; startTime: number; endTime: number; transferSize: number }; children?: Record<string, ChainNode> };

const itemsOf = (result: Result, id: string): Record<string, unknown>[] =>
  ((result.audits[id]?.details as Details)?.items ?? []) as Record<string, unknown>[];

const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? Math.round(value) : 0);

/** A path on the page's origin, or the URL itself (another origin, "Unattributable"). */
function shortName(url: unknown, origin: string): string {
  const text = String(url ?? '');
  return text.startsWith(origin) ? text.slice(origin.length) || '/' : text;
}

/** The deepest path through the chains (what the page waited on longest), as Lighthouse's audit draws it. */
function longestChain(chains: Record<string, ChainNode> | undefined): ChainNode[] {
  let best: ChainNode[] = [];
  const walk = (node: ChainNode, path: ChainNode[]) => {
    const here = [...path, node];
    const children = Object.values(node.children ?? {});
    if (children.length === 0) {
      const end = (nodes: ChainNode[]) => nodes.at(-1)?.request.endTime ?? 0;
      if (end(here) > end(best)) best = here;
    }
    for (const child of children) walk(child, here);
  };
  for (const root of Object.values(chains ?? {})) walk(root, []);
  return best;
}

export function findingsOf(result: Result | undefined, origin: string): Findings {
  if (!result) return { lcpElement: '', lcpPhases: [], chain: [], byScript: [], byKind: [], longTasks: [] };
  const lcpItems = (result.audits['largest-contentful-paint-element']?.details as Details)?.items as { items?: Record<string, unknown>[] }[] | undefined;
  const node = (lcpItems?.[0]?.items?.[0]?.node ?? {}) as { snippet?: string; nodeLabel?: string };
  const chainDetails = result.audits['critical-request-chains']?.details as { chains?: Record<string, ChainNode> } | undefined;
  const chain = longestChain(chainDetails?.chains);
  const start = chain[0]?.request.startTime ?? 0;
  return {
    lcpElement: `${node.snippet ?? ''}${node.nodeLabel ? ` "${node.nodeLabel.slice(0, 60)}"` : ''}`,
    lcpPhases: (lcpItems?.[1]?.items ?? []).map((p) => ({ phase: String(p.phase), ms: num(p.timing) })),
    chain: chain.map(({ request }) => ({
      path: shortName(request.url, origin),
      startMs: num((request.startTime - start) * 1000),
      endMs: num((request.endTime - start) * 1000),
      bytes: num(request.transferSize),
    })),
    byScript: itemsOf(result, 'bootup-time').map((i) => ({
      script: shortName(i.url, origin),
      totalMs: num(i.total),
      scriptingMs: num(i.scripting),
      parseMs: num(i.scriptParseCompile),
    })),
    byKind: itemsOf(result, 'mainthread-work-breakdown').map((i) => ({ kind: String(i.groupLabel ?? i.group), ms: num(i.duration) })),
    longTasks: itemsOf(result, 'long-tasks')
      .slice(0, 8)
      .map((i) => ({ script: shortName(i.url, origin), startMs: num(i.startTime), durationMs: num(i.duration) })),
  };
}

export function formatFindings(mode: string, f: Findings): string {
  const lines = [`  ${mode}, median mobile run:`];
  lines.push(`    LCP element: ${f.lcpElement || 'n/a'}; ${f.lcpPhases.map((p) => `${p.phase} ${p.ms} ms`).join(', ')}`);
  lines.push(`    critical request chain: ${f.chain.map((c) => `${c.path} (${c.startMs}–${c.endMs} ms, ${(c.bytes / 1000).toFixed(1)} kB)`).join(' → ')}`);
  lines.push(`    main thread by script (total / scripting / parse ms): ${f.byScript.map((s) => `${s.script} ${s.totalMs}/${s.scriptingMs}/${s.parseMs}`).join('; ')}`);
  lines.push(`    main thread by kind: ${f.byKind.map((k) => `${k.kind} ${k.ms} ms`).join(', ')}`);
  lines.push(`    longest tasks: ${f.longTasks.map((t) => `${t.script} at ${t.startMs} ms for ${t.durationMs} ms`).join('; ') || 'none'}`);
  return lines.join('\n');
}
