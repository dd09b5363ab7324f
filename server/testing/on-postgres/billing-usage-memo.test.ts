// The incremental usage count against the full recount, unchanged, over the PostgreSQL store
// (docs/billing.md "What is billed").
import { onPostgres } from '../postgres-suite.js';

await onPostgres();
await import('../../domains/billing/usage-memo.test.js');
