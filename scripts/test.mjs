// Runs every test with Vitest and ends with the line CI reads: `N passed, N failed`.
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';

// Two suites may run side by side in one checkout (.ci/run): each names its own report.
const results = process.env.VITEST_RESULTS ?? '.vitest-results.json';
rmSync(results, { force: true });
const run = spawnSync(
  'npx',
  ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${results}`, ...process.argv.slice(2)],
  { stdio: 'inherit' },
);
let passed = 0;
let failed = 0;
try {
  const report = JSON.parse(readFileSync(results, 'utf8'));
  passed = report.numPassedTests;
  failed = report.numFailedTests + (report.numRuntimeErrorTestSuites ?? 0) + (report.numFailedTestSuites > 0 && report.numFailedTests === 0 ? report.numFailedTestSuites : 0);
  // The names again at the end, where a long log's tail (all CI keeps) still shows them.
  for (const file of report.testResults ?? []) {
    const name = file.name.replace(`${process.cwd()}/`, '');
    const failures = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failures) console.log(`FAILED ${name} > ${test.fullName}`);
    if (file.status === 'failed' && failures.length === 0) console.log(`FAILED ${name}: ${String(file.message ?? '').split('\n')[0]}`);
  }
} catch {
  failed = Math.max(1, failed);
}
if (run.status !== 0 && failed === 0) failed = 1;
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
