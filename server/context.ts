// What every route plugin receives: config, store and the domain services (plain factories with
// explicit dependencies, docs/architecture.md section 8). A domain that adds a service adds it to Services and
// builds it in services.ts.
import type { Config } from './config.js';
import type { ParleyStore } from './store/index.js';
import type { SecretBox } from './lib/secret-box.js';
import type { ConversationBus } from './domains/conversations/events.js';
import type { OrgService } from './domains/org/service.js';
import type { ProjectService } from './domains/projects/service.js';
import type { ApiKeyService } from './domains/apikeys/service.js';
import type { UserService } from './domains/users/service.js';
import type { ConversationService } from './domains/conversations/service.js';
import type { SessionService } from './domains/session/service.js';
import type { AgentRuntime } from './domains/agent/types.js';
import type { KnowledgeService } from './domains/knowledge/service.js';
import type { SearchTableService } from './domains/knowledge/tables/service.js';
import type { VoiceService } from './domains/voice/service.js';
import type { IdentityService } from './domains/identity/service.js';
import type { McpPool } from './domains/mcp/connections.js';
import type { WebhookService } from './domains/webhooks/service.js';
import type { MailService } from './domains/mail/mailer.js';
import type { ExportService } from './domains/exports/service.js';
import type { BillingService } from './domains/billing/service.js';
import type { ClusterSignals } from './cluster/signals.js';

export interface Services {
  /** E-mail through the durable outbox (domains/mail/types.ts); `configured` false without SMTP_URL. */
  mail: MailService;
  org: OrgService;
  projects: ProjectService;
  apiKeys: ApiKeyService;
  users: UserService;
  conversations: ConversationService;
  sessions: SessionService;
  agent: AgentRuntime;
  knowledge: KnowledgeService;
  tables: SearchTableService;
  voice: VoiceService;
  identity: IdentityService;
  /** Connections to the projects' external tool servers (spec 2.9), one per server, closed on shutdown. */
  mcp: McpPool;
  /** Signed webhooks: endpoints, the durable outbox of deliveries and its background deliverer. */
  webhooks: WebhookService;
  /** Entity and full data exports (spec 4.1, domains/exports). */
  exports: ExportService;
  /** Subscriptions, usage, invoices (spec 2.12, 3.2, 8.1; domains/billing). */
  billing: BillingService;
}

export interface AppContext {
  config: Config;
  store: ParleyStore;
  box: SecretBox;
  bus: ConversationBus;
  /** Doorbells between instances sharing one database (server/cluster/signals.ts); in-process without DATABASE_URL. */
  signals: ClusterSignals;
  services: Services;
  /** Stops background work (sync jobs, timers) on shutdown. */
  onClose(fn: () => Promise<void> | void): void;
}
