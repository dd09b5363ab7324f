// Run by schema-check.test.ts in its own process: checks a 40-character argument against
// `^(a+)+$`, which a backtracking engine would take about 2^40 steps to reject (the 27
// characters took 5-6 s), and prints the problems found as JSON. In a child process, a check that
// never ends cannot hang the test runner; the test's timeout ends it.
import { argumentProblems } from './schema-check.js';

const schema = { type: 'object', properties: { code: { type: 'string', pattern: '^(a+)+$' } } };
process.stdout.write(JSON.stringify(argumentProblems(schema, { code: `${'a'.repeat(40)}!` })));
