// Runs an existing API suite against the PostgreSQL store: a wrapper test file calls onPostgres()
// and then imports the suite, whose createTestApp() calls each get a fresh database on a throwaway
// PostgreSQL started for the wrapper file (server/store/postgres/testing/pg-server.ts).
import { afterAll } from 'vitest';
import { startPostgres } from '../store/postgres/testing/pg-server.js';
import { useTestDatabase } from './test-app.js';

export async function onPostgres(): Promise<void> {
  const server = await startPostgres();
  afterAll(async () => {
    useTestDatabase(null);
    try {
      // Proof the suite ran on PostgreSQL, not on a store it opened some other way.
      if ((await server.countDocuments()) === 0) throw new Error('the suite stored nothing in PostgreSQL');
    } finally {
      await server.stop();
    }
  });
  useTestDatabase(() => server.createDatabase());
}
