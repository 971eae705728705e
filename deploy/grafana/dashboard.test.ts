// @vitest-environment node
// The dashboard reads only what the servers expose: every metric named in a panel's query is a family of
// server/metrics.ts's registry (histograms by their _bucket series), and every panel has a query and a unit.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMetrics } from '../../server/metrics';

type Panel = { title: string; fieldConfig: { defaults: { unit?: string } }; targets: { expr: string }[] };
const dashboard = JSON.parse(readFileSync(join(import.meta.dirname, 'trouble-ticket-desk.json'), 'utf8')) as { panels: Panel[] };

/** Every series name a scrape can hold: counters and gauges by name, histograms by their three series. */
async function seriesNames(): Promise<Set<string>> {
  const metrics = createMetrics();
  const families = await metrics.registry.getMetricsAsJSON();
  return new Set(families.flatMap(({ name, type }) => (String(type) === 'histogram' ? [`${name}_bucket`, `${name}_sum`, `${name}_count`] : [name])));
}

describe('deploy/grafana/trouble-ticket-desk.json', () => {
  it.each(dashboard.panels.map((panel) => [panel.title, panel] as const))('%s queries only exposed metrics', async (_title, panel) => {
    const names = await seriesNames();
    expect(panel.targets.length).toBeGreaterThan(0);
    expect(panel.fieldConfig.defaults.unit).toBeTruthy();
    for (const { expr } of panel.targets) {
      const used = [...expr.matchAll(/\bttd_[a-z0-9_]+/g)].map(([name]) => name);
      expect(used.length).toBeGreaterThan(0);
      expect(used.filter((name) => !names.has(name))).toEqual([]);
    }
  });

  it('shows every family of the desk\'s own metrics somewhere', async () => {
    const queried = dashboard.panels.flatMap((panel) => panel.targets.map((t) => t.expr)).join(' ');
    const own = (await createMetrics({ processMetrics: false }).registry.getMetricsAsJSON()).map((family) => family.name);
    expect(own.filter((name) => !queried.includes(name))).toEqual([]);
  });
});
