/** Command-line options shared by the benchmark scripts (`--name value` pairs and bare flags, nothing more). */

/** The value after `--name`, or undefined when the option is absent. */
export function option(name: string, argv: readonly string[] = process.argv): string | undefined {
  const at = argv.indexOf(`--${name}`);
  return at >= 0 ? argv[at + 1] : undefined;
}

export function flag(name: string, argv: readonly string[] = process.argv): boolean {
  return argv.includes(`--${name}`);
}

/** A positive whole number option; a wrong value stops the script with a sentence rather than measuring nonsense. */
export function countOption(name: string, fallback: number, argv: readonly string[] = process.argv): number {
  const raw = option(name, argv);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a whole number of at least 1, not "${raw}"`);
  return value;
}

/**
 * With `--json` a script prints one JSON line on stdout and nothing else there: progress goes to stderr, so the
 * combined bench (scripts/bench.ts) can read the figures from stdout while a person still sees what is going on.
 */
export const wantsJson = (argv: readonly string[] = process.argv) => flag('json', argv);

export function progress(argv: readonly string[] = process.argv): (message: string) => void {
  return wantsJson(argv) ? (message) => console.error(message) : (message) => console.log(message);
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}
