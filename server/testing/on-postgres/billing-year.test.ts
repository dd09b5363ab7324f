// The billing year suite, unchanged, over the PostgreSQL store (docs/billing.md).
import { onPostgres } from '../postgres-suite.js';

await onPostgres();
await import('../../domains/billing/billing-year.test.js');
