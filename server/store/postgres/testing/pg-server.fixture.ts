// Child process for pg-server.test.ts: starts a test PostgreSQL, prints its process id and data
// directory as one JSON line, and waits to be killed without ever calling stop().
import { startPostgres } from './pg-server.js';

const server = await startPostgres();
const url = new URL(await server.createDatabase());
process.stdout.write(`${JSON.stringify({ pid: server.pid, dir: url.searchParams.get('host') })}\n`);
setInterval(() => {}, 60_000);
