// How the tests start the real entry points as child processes (the server as `npm start` does, the
// admin CLI as `npm run parley` does). Through tsx every start transforms and loads the server's
// few hundred modules again, about 2.5 s of CPU for one CLI call and several seconds for a server,
// and the suites start hundreds of them. So a Vitest run bundles each entry point once
// (bundle-entry-points.ts, Vitest's global setup) and the children run the bundle: the same source,
// loaded as one file. Outside Vitest (benchmarks, a script importing startServerProcess) nothing
// names a bundle, and the children run through tsx as before.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export type EntryPoint = 'server/main.ts' | 'server/cli/main.ts';

/** Set by the global setup for the test processes once the bundles are written. */
export const BUNDLE_ENV = 'PARLEY_TEST_BUNDLE_DIR';

/**
 * Three levels below the repository (node_modules/.cache/<dir>), so that a module's
 * `new URL('../../../', import.meta.url)` (server/domains/<domain>/*.ts finding the repository's
 * docs, examples and dist) names the repository root from the bundle too.
 */
export const BUNDLE_DIR = fileURLToPath(new URL('../../node_modules/.cache/parley-test-bundle/', import.meta.url));

export const bundleFile = (entry: EntryPoint) => `${BUNDLE_DIR}${entry.replace(/^server\//, '').replace(/\.ts$/, '').replaceAll('/', '-')}.mjs`;

/** The node arguments that start `entry`: its bundle in a Vitest run, else the source through tsx. */
export function entryArgs(entry: EntryPoint): string[] {
  const file = bundleFile(entry);
  return process.env[BUNDLE_ENV] === BUNDLE_DIR && existsSync(file) ? [file] : ['--import', 'tsx', entry];
}
