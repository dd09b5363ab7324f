// The Slack channel suite, unchanged, over the PostgreSQL store (docs/channels.md "Durability").
import { onPostgres } from '../postgres-suite.js';

await onPostgres();
await import('../../domains/channels/slack/slack.test.js');
