/**
 * Reads Prometheus's text format (0.0.4) as a scraper does: for the tests of /metrics and `npm run smoke`. prom-client
 * writes the format but does not read it, and the parser packages on npm are unmaintained; the format is a few lines.
 */

export type Sample = { name: string; labels: Record<string, string>; value: number };

/** `# TYPE` lines by family, and every `name{label="value",…} number` sample line; any other line is refused. */
export function parsePrometheusText(text: string): { types: Map<string, string>; samples: Sample[] } {
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('# HELP ')) continue;
    const type = /^# TYPE (\S+) (counter|gauge|histogram|summary|untyped)$/.exec(line);
    if (type) {
      types.set(type[1] ?? '', type[2] ?? '');
      continue;
    }
    const sample = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!sample) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const [, key, value] of (sample[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)) labels[key ?? ''] = value ?? '';
    samples.push({ name: sample[1] ?? '', labels, value: Number(sample[3]) });
  }
  return { types, samples };
}

/** The value of the first sample of `name` whose labels include `labels`; undefined when there is none. */
export const sampleValue = (samples: readonly Sample[], name: string, labels: Record<string, string> = {}) =>
  samples.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))?.value;
