// Vitest global setup: bundles the entry points the tests start as child processes (see
// entry-points.ts for why). Packages stay external (loaded from node_modules as in production); only
// the repository's own TypeScript is bundled. Two suites may run side by side in one checkout (CI
// runs Node 20 and Node 24 at once), so each bundle is written to a temporary name and renamed into
// place: a reader sees a whole file, the old one or the new one, never a half-written one.
import { build } from 'esbuild';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { BUNDLE_DIR, BUNDLE_ENV, bundleFile, type EntryPoint } from './entry-points.js';

const ENTRY_POINTS: EntryPoint[] = ['server/main.ts', 'server/cli/main.ts'];

export default async function setup(): Promise<void> {
  mkdirSync(BUNDLE_DIR, { recursive: true });
  await Promise.all(
    ENTRY_POINTS.map(async (entry) => {
      const result = await build({
        entryPoints: [entry],
        bundle: true,
        platform: 'node',
        format: 'esm',
        target: 'node20',
        packages: 'external',
        write: false,
        logLevel: 'warning',
      });
      const file = bundleFile(entry);
      const temp = `${file}.${process.pid}.tmp`;
      writeFileSync(temp, result.outputFiles[0]!.contents);
      renameSync(temp, file);
    }),
  );
  process.env[BUNDLE_ENV] = BUNDLE_DIR;
}
