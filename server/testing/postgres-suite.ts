// Runs an existing API suite against the PostgreSQL store: a wrapper test file calls onPostgres()
// and then imports the suite, whose createTestApp() calls each get a fresh database on a throwaway
// PostgreSQL started for the wrapper file (server/store/postgres/testing/pg-server.ts).
import { afterAll, vi } from 'vitest';
import { startPostgres } from '../store/postgres/testing/pg-server.js';
import { useTestDatabase as useInThisFile } from './test-app.js';

export async function onPostgres(): Promise<void> {
  // Test files share a worker's modules (vitest.config.ts isolate: false): the suite may have run
  // there already, and importing it again would register no tests. A fresh module registry makes
  // the suite's import evaluate it again, with a test-app module of its own: both that one and the
  // one this file imported (a wrapper that calls createTestApp itself) get the database.
  vi.resetModules();
  const { useTestDatabase: useInTheSuite } = await import('./test-app.js');
  const server = await startPostgres();
  afterAll(async () => {
    useInThisFile(null);
    useInTheSuite(null);
    // And the next test file of this worker imports its own modules afresh, this suite among them.
    vi.resetModules();
    try {
      // Proof the suite ran on PostgreSQL, not on a store it opened some other way.
      if ((await server.countDocuments()) === 0) throw new Error('the suite stored nothing in PostgreSQL');
    } finally {
      await server.stop();
    }
  });
  useInThisFile(() => server.createDatabase());
  useInTheSuite(() => server.createDatabase());
}
