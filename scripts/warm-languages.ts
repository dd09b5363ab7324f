// Parses the installed dictionaries into their cache once (server/domains/knowledge/analysis/warm.ts),
// before the tests start servers: each server start warms every language before it reports ready,
// and on a machine with no cache yet that first parse takes 20–30 s, which several test servers
// starting at once would each pay inside their tests' time limits. With the cache it takes about 1 s.
import { warmLanguages } from '../server/domains/knowledge/analysis/warm.js';

await warmLanguages();
process.exit(0); // the Apertium lt-proc processes it started would keep the process alive
