// The typed registry of collections. A domain that needs storage adds its collection here.
import type {
  ApiKey,
  Channel,
  ConversationRecord,
  Label,
  Member,
  Organization,
  Project,
  User,
} from '../../shared/schemas/entities.js';
import type { Audience, GuidanceRule, Profile } from '../../shared/schemas/behaviour.js';
import type { Trigger, TriggerRun } from '../../shared/schemas/triggers.js';
import type { Alias, StoredDeployment } from '../../shared/schemas/deployments.js';
import type { SimulationRun, Suite } from '../../shared/schemas/simulations.js';
import type { StoredUnitool } from '../../shared/schemas/unitools.js';
import type { Procedure, ProcedureRun } from '../../shared/schemas/procedures.js';
import type { StoredMcpServer, ToolCall } from '../../shared/schemas/mcp-servers.js';
import type { CannedReply } from '../../shared/schemas/canned-replies.js';
import type { StoredWebhookEndpoint } from '../domains/webhooks/endpoints.js';
import type { StoredDelivery } from '../domains/webhooks/outbox.js';
import type { OutboxDoc } from '../domains/mail/outbox.js';
import type { StoredFullExport } from '../domains/exports/full-export.js';
import type { StoredSchedule } from '../domains/exports/schedules.js';
import type { StoredSubscription, StoredInvoice } from '../domains/billing/types.js';
import type { StoredInboundEvent, StoredLink, StoredSend } from '../domains/channels/records.js';
import type { StoredAttachment } from '../domains/attachments/service.js';
import type { StoredTopic } from '../domains/topics/service.js';
import type { CollectionOptions, Store, StoredDoc } from './types.js';
import { waitingForHuman } from '../../shared/holder.js';
import { conversationSearchText } from '../domains/conversations-api/search.js';

/** Documents not shaped by a shared schema but by the domain that owns them. */
export type AnyDoc = StoredDoc & Record<string, any>;

export interface Collections {
  /** scope: 'global' */
  organizations: Organization;
  /** scope: organization id */
  members: Member;
  /** scope: organization id */
  sessions: AnyDoc;
  /** scope: organization id */
  projects: Project;
  /** scope: project id */
  channels: Channel;
  /** scope: project id */
  api_keys: ApiKey;
  /** scope: user pool id (spec 2.4); a project names its pool in `user_pool_id` */
  users: User;
  /** scope: project id; one shard file per conversation holding its messages (docs/architecture.md section 7). */
  conversations: ConversationRecord;
  /** scope: project id; knowledge */
  data_providers: AnyDoc;
  sources: AnyDoc;
  /** scope: project id; chunks of one source live in one document keyed by the source id. */
  chunk_sets: AnyDoc;
  search_tables: AnyDoc;
  /** scope: project id; rows of a search table in bounded shards (knowledge/tables) */
  search_table_rows: AnyDoc;
  sync_jobs: AnyDoc;
  /** scope: project id; the answer decision's calibration of the project's index (knowledge/calibration.ts) */
  calibrations: AnyDoc;
  /** scope: project id; knowledge gap questions answered by a snippet or dismissed (knowledge/gaps) */
  knowledge_gap_marks: AnyDoc;
  /** scope: project id; idempotent POST replays */
  idempotency: AnyDoc;
  /** scope: project id; widget devices and sessions */
  devices: AnyDoc;
  /** scope: project id; conversation labels (docs/operators.md) */
  labels: Label;
  /** scope: project id; behaviour control (docs/behaviour.md) */
  audiences: Audience;
  guidance_rules: GuidanceRule;
  profiles: Profile;
  /** scope: project id; triggers (spec 6) and what they did before each AI reply */
  triggers: Trigger;
  trigger_runs: TriggerRun;
  /** scope: project id; builds and the aliases channels follow (spec 2.10, 9) */
  deployments: StoredDeployment;
  aliases: Alias;
  /** scope: project id; what knowledge builds reference, and the chunk sets the draft has since replaced (knowledge/snapshots.ts) */
  knowledge_manifests: AnyDoc;
  chunk_set_versions: AnyDoc;
  /** scope: project id; saved simulation suites and the runs of simulations (docs/behaviour.md) */
  simulation_suites: Suite;
  simulation_runs: SimulationRun;
  /** scope: project id; custom code tools (spec 2.9), secrets sealed with the master key */
  unitools: StoredUnitool;
  /** scope: project id; procedures and where each conversation stands in one (docs/behaviour.md) */
  procedures: Procedure;
  procedure_runs: ProcedureRun & StoredDoc;
  /** scope: project id; external tool servers (spec 2.9), header and env values sealed with the master key */
  mcp_servers: StoredMcpServer;
  /** scope: project id; every external tool call, with a paused reply's state while it waits for approval */
  tool_calls: ToolCall & { resume?: unknown };
  /** scope: project id; saved answers with shortcuts (docs/operators.md "Canned replies") */
  canned_replies: CannedReply;
  /** scope: organization id; e-mail waiting to be sent, sent or failed (domains/mail/outbox.ts) */
  mail_outbox: OutboxDoc;
  /** scope: project id; full data exports: status, progress, when the link expires (domains/exports) */
  export_jobs: StoredFullExport;
  /** scope: project id; recurring exports (domains/exports/schedules.ts) */
  export_schedules: StoredSchedule;
  /** scope: project id; webhook endpoints (signing secrets sealed with the master key) and their outbox of deliveries */
  webhook_endpoints: StoredWebhookEndpoint;
  webhook_deliveries: StoredDelivery;
  /** scope: organization id; the subscription contract and its closed-period invoices (domains/billing) */
  subscriptions: StoredSubscription;
  invoices: StoredInvoice;
  /** scope: project id; platform channels (docs/channels.md): inbound events as received, replies to send, thread and requester links */
  channel_events: StoredInboundEvent;
  channel_sends: StoredSend;
  channel_links: StoredLink;
  /** scope: project id; files on messages (docs/attachments.md); their bytes are in the file storage */
  attachments: StoredAttachment;
  /** scope: project id; topics found from visitors' questions, and when topics were last assigned (domains/topics) */
  topics: StoredTopic;
  topic_passes: AnyDoc;
  /** scope: organization id; what was done to personal data (erasures), without the data itself (domains/org/erasure.ts) */
  audit_log: AnyDoc;
}

export type ParleyStore = Store<Collections>;

export const COLLECTION_OPTIONS: { [K in keyof Collections]?: CollectionOptions } = {
  members: { indexes: ['email'] },
  sessions: { indexes: ['token_hash'] },
  // Version 2 introduced user pools (spec 2.4). Existing projects keep their users where they are:
  // the pool of a project created before pools has the project's id, which is the scope its user
  // files already live under, so no file moves.
  projects: { indexes: ['id', 'user_pool_id'], version: 2, migrate: { 1: (p) => ({ ...p, user_pool_id: p.user_pool_id ?? p.id }) } },
  channels: { indexes: ['frame_id'] },
  // Messages are immutable once stored (spec 2.6), so a new message costs the log its own size.
  // The query fields serve the inbox and the conversations list, the counts and the exports
  // (docs/architecture.md section 7 "Queries"); the PostgreSQL store indexes the lists it pages by.
  conversations: {
    appendOnly: ['messages'],
    queryFields: {
      hidden: 'boolean',
      spam: 'boolean',
      status: 'text',
      user_id: 'text',
      assignee_id: 'text',
      ai_involvement: 'text',
      topic: 'text',
      operator_active: 'boolean',
      snoozed: (c: ConversationRecord) => Boolean(c.snoozed_until),
      waiting: (c: ConversationRecord) => waitingForHuman(c),
      last_activity: (c: ConversationRecord) => c.last_message_at ?? c.created_at,
    },
    queryIndexes: [['status', 'last_activity'], ['last_activity'], ['user_id'], ['waiting']],
    search: conversationSearchText,
  },
  api_keys: { indexes: ['key_hash'] },
  tool_calls: { indexes: ['conversation_id'] },
  // The deliverer finds what is still to send across every project.
  webhook_deliveries: { indexes: ['status'] },
  // The sender finds queued messages of every organization after a restart.
  mail_outbox: { indexes: ['status'] },
  // Events to process and replies to send are found across every project after a restart.
  channel_events: { indexes: ['status'] },
  channel_sends: { indexes: ['status'] },
  // A signed link names only the export; interrupted jobs are found by status after a restart.
  export_jobs: { indexes: ['id', 'status'] },
  // A conversation's files (to list, or to delete with it) and a user's (erasure).
  attachments: { queryFields: { conversation_id: 'text', user_id: 'text' } },
  users: {
    indexes: ['email', 'phone', 'external_id'],
    version: 2,
    migrate: { 1: ({ project_id, ...u }) => ({ ...u, user_pool_id: u.user_pool_id ?? project_id }) },
  },
};
