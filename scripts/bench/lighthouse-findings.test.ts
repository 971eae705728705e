/** The findings read from a Lighthouse report: the LCP element and phases, the longest request chain, work by script. */
import type { Result } from 'lighthouse';
import { describe, expect, it } from 'vitest';
import { findingsOf, formatFindings } from './lighthouse-findings';

const origin = 'http://127.0.0.1:4800';
const request = (path: string, startTime: number, endTime: number, transferSize: number) => ({ url: `${origin}${path}`, startTime, endTime, transferSize });

/** Just the audits the findings read, in the shapes Lighthouse 12 writes them. */
const report = {
  audits: {
    'largest-contentful-paint-element': {
      details: {
        items: [
          { items: [{ node: { snippet: '<h1 class="title">', nodeLabel: 'Overview' } }] },
          { items: [{ phase: 'TTFB', timing: 12.4 }, { phase: 'Render Delay', timing: 800.6 }] },
        ],
      },
    },
    'critical-request-chains': {
      details: {
        chains: {
          doc: {
            request: request('/', 10, 10.1, 1000),
            children: {
              entry: { request: request('/assets/index.js', 10.1, 10.6, 40_000), children: { route: { request: request('/assets/overview.js', 10.6, 11.2, 9000) } } },
              css: { request: request('/assets/index.css', 10.1, 10.3, 5000) },
            },
          },
        },
      },
    },
    'bootup-time': { details: { items: [{ url: `${origin}/assets/index.js`, total: 300.4, scripting: 250, scriptParseCompile: 20 }, { url: 'Unattributable', total: 40, scripting: 5, scriptParseCompile: 0 }] } },
    'mainthread-work-breakdown': { details: { items: [{ group: 'scriptEvaluation', groupLabel: 'Script Evaluation', duration: 500 }] } },
    'long-tasks': { details: { items: [{ url: `${origin}/assets/index.js`, startTime: 900, duration: 120 }] } },
  },
} as unknown as Result;

describe('findingsOf', () => {
  const f = findingsOf(report, origin);

  it('names the LCP element and its phases', () => {
    expect(f.lcpElement).toBe('<h1 class="title"> "Overview"');
    expect(f.lcpPhases).toEqual([
      { phase: 'TTFB', ms: 12 },
      { phase: 'Render Delay', ms: 801 },
    ]);
  });

  it('follows the chain that ends last, with times from the document request', () => {
    expect(f.chain).toEqual([
      { path: '/', startMs: 0, endMs: 100, bytes: 1000 },
      { path: '/assets/index.js', startMs: 100, endMs: 600, bytes: 40_000 },
      { path: '/assets/overview.js', startMs: 600, endMs: 1200, bytes: 9000 },
    ]);
  });

  it('gives main-thread work by script (paths on the page origin shortened), by kind, and the long tasks', () => {
    expect(f.byScript).toEqual([
      { script: '/assets/index.js', totalMs: 300, scriptingMs: 250, parseMs: 20 },
      { script: 'Unattributable', totalMs: 40, scriptingMs: 5, parseMs: 0 },
    ]);
    expect(f.byKind).toEqual([{ kind: 'Script Evaluation', ms: 500 }]);
    expect(f.longTasks).toEqual([{ script: '/assets/index.js', startMs: 900, durationMs: 120 }]);
  });

  it('prints them per mode', () => {
    expect(formatFindings('demo', f)).toContain('critical request chain: / (0–100 ms, 1.0 kB) → /assets/index.js (100–600 ms, 40.0 kB) → /assets/overview.js');
  });

  it('empty findings without a report', () => {
    expect(findingsOf(undefined, origin)).toEqual({ lcpElement: '', lcpPhases: [], chain: [], byScript: [], byKind: [], longTasks: [] });
  });
});
