// Runs every test of the given files on its own, as `npx vitest run <file> -t "<name>"` would, and
// prints the ones that fail alone: a test that passes only after its neighbours depends on state
// they leave behind. One Vitest process serves all runs (each run still gets a fresh module graph),
// which is several times faster than a process per test.
//   npx tsx scripts/tests-alone.mts server/domains/widget/gateway-limits.test.ts [more files…]
import { createVitest } from 'vitest/node';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const files = process.argv.slice(2);
if (files.length === 0) {
  console.error('usage: npx tsx scripts/tests-alone.mts <test file> [more files…]');
  process.exit(2);
}

// The test names, from Vitest's own collector.
const dir = mkdtempSync(join(tmpdir(), 'parley-tests-alone-'));
const listFile = join(dir, 'tests.json');
execFileSync(process.execPath, ['node_modules/vitest/vitest.mjs', 'list', `--json=${listFile}`, ...files], { stdio: 'ignore' });
const tests = JSON.parse(readFileSync(listFile, 'utf8')) as { file: string; name: string }[];
rmSync(dir, { recursive: true, force: true });

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const vitest = await createVitest('test', { watch: false, reporters: [{}] as never });
const failures: string[] = [];
for (const test of tests) {
  // Vitest matches -t against the full name: describe blocks and test joined by spaces.
  vitest.setGlobalTestNamePattern(new RegExp(`^${escape(test.name.split(' > ').join(' '))}$`));
  const result = await vitest.runTestSpecifications([vitest.getRootProject().createSpecification(test.file)]);
  const ran = [...(result.testModules[0]?.children.allTests() ?? [])].map((t) => t.result());
  const ok = ran.filter((r) => r.state === 'passed').length === 1 && !ran.some((r) => r.state === 'failed');
  const line = `${ok ? 'ok  ' : 'FAIL'} ${test.file.replace(`${process.cwd()}/`, '')} > ${test.name}`;
  console.log(line);
  if (!ok) {
    const errors = ran.flatMap((r) => (r.state === 'failed' ? r.errors.map((e) => e.message.split('\n')[0]) : []));
    failures.push(`${line}\n      ${errors.join('\n      ') || 'no test ran (module error?)'}`);
  }
}
await vitest.close();
console.log(`\n${tests.length - failures.length} passed alone, ${failures.length} failed alone`);
for (const f of failures) console.log(f);
process.exit(failures.length ? 1 : 0);
