// The gaps suite, unchanged, over the PostgreSQL store (docs/architecture.md "PostgreSQL store").
import { onPostgres } from '../postgres-suite.js';

await onPostgres();
await import('../../domains/knowledge/gaps/gaps.test.js');
