// Prints the gzip size of the JavaScript the production build's first screen loads, beside the library floor.
// Usage: node scripts/first-screen-size.mjs [--mode gateway] [--json] [--why] [--root <dir>]
//   (builds into dist-size/; decision 0026)
//   --mode  gateway: the app built with `--mode gateway` (issue 27), signed in by the gateway's session answer
//   --json  one object: firstScreenGzip, floorGzip, ratio, rows[{path,gzip}], mswInFirstScreen, wizardInFirstScreen …
//   --why   per first-screen file, which packages fill it (rendered bytes before minification: proportions only)
//   --root  measure a throwaway copy of the app (an experiment) instead of this checkout
import { resolve } from 'node:path';
import { ROOT, measure, ownerOf } from './size/measure.mjs';

const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
const rootAt = process.argv.indexOf('--root');
const root = rootAt > 0 ? resolve(process.argv[rootAt + 1] ?? '.') : ROOT;
const modeAt = process.argv.indexOf('--mode');
const mode = modeAt > 0 ? (process.argv[modeAt + 1] ?? '') : 'production';
const result = await measure({ root, workDir: resolve(root, 'dist-size'), mode });

if (process.argv.includes('--json')) {
  const slim = (rows) => rows.map(({ path, gzip, wizard, msw }) => ({ path, gzip, wizard, msw }));
  console.log(
    JSON.stringify(
      { ...result, rows: slim(result.rows), laterRows: slim(result.laterRows) },
      null,
      2,
    ),
  );
} else {
  const line = (r) => `  ${r.path.padEnd(46)} ${kb(r.gzip).padStart(9)}${r.wizard ? '  (wizard!)' : ''}${r.msw ? '  (msw!)' : ''}`;
  const shownMode = mode === 'gateway' ? 'gateway mode' : 'real mode, direct';
  console.log(`First screen (${shownMode}, signed in, \`/\` until both counts show), gzip -9:`);
  result.rows.forEach((r) => console.log(line(r)));
  console.log(`  ${'total'.padEnd(46)} ${kb(result.firstScreenGzip).padStart(9)}`);
  console.log('Loaded after the counts showed (not counted):');
  if (result.laterRows.length === 0) console.log('  none');
  result.laterRows.forEach((r) => console.log(line(r)));
  console.log('Library floor (react + react-dom + react-router + @tanstack/react-query + oidc-client-ts, empty app):');
  result.floorRows.forEach((r) => console.log(line(r)));
  console.log(`  ${'total'.padEnd(46)} ${kb(result.floorGzip).padStart(9)}`);
  console.log(`ratio first screen / floor: ${result.ratio.toFixed(3)}`);
  console.log(`wizard in the first screen: ${result.wizardInFirstScreen ? 'YES' : 'no'}`);
  console.log(`msw in the first screen: ${result.mswInFirstScreen ? 'YES' : 'no'}; in the build: ${result.mswInBuild.join(', ') || 'no'}`);
  console.log(`oidc-client-ts in the build: ${result.oidcInBuild.join(', ') || 'no'}`);
  if (result.foreignRequests.length) console.log(`requests to other origins (aborted): ${result.foreignRequests.join(', ')}`);
  if (result.pageErrors.length) console.log(`page errors: ${result.pageErrors.join('; ')}`);
  if (process.argv.includes('--why')) {
    const owners = new Map();
    for (const r of result.rows) for (const m of r.modules) owners.set(ownerOf(m.id, root), (owners.get(ownerOf(m.id, root)) ?? 0) + m.rendered);
    console.log('First screen by package (rendered bytes before minification):');
    [...owners].sort((a, b) => b[1] - a[1]).slice(0, 30).forEach(([owner, bytes]) => console.log(`  ${String(bytes).padStart(8)}  ${owner}`));
  }
}
