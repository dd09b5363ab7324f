// The webhook intents suite, unchanged, over the PostgreSQL store (docs/architecture.md "PostgreSQL
// store"): intents are found through the deliveries' status index there too.
import { onPostgres } from '../postgres-suite.js';

await onPostgres();
await import('../../domains/webhooks/webhooks-relay.test.js');
