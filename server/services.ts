// Builds the domain services once per app. Order follows dependencies.
import type { AppContext, Services } from './context.js';
import { createOrgService } from './domains/org/service.js';
import { createProjectService } from './domains/projects/service.js';
import { createApiKeyService } from './domains/apikeys/service.js';
import { createUserService } from './domains/users/service.js';
import { createConversationService } from './domains/conversations/service.js';
import { createSessionService } from './domains/session/service.js';
import { createAgent } from './domains/agent/index.js';
import { createKnowledgeService } from './domains/knowledge/service.js';
import { createSearchTableService } from './domains/knowledge/tables/service.js';
import { createVoiceService } from './domains/voice/service.js';
import { createSpeechToText } from './domains/voice/stt.js';
import { createIdentityService } from './domains/identity/service.js';
import { createMcpPool } from './domains/mcp/connections.js';
import { createWebhookService } from './domains/webhooks/service.js';
import { createMailer } from './domains/mail/mailer.js';
import { createExportService } from './domains/exports/service.js';
import { createBillingService } from './domains/billing/service.js';
import { sharedState } from './jobs/shared.js';

export function createServices(ctx: Omit<AppContext, 'services'>): Services {
  const { store, box, bus } = ctx;
  // First, so its close (registered now) runs after every service that claims jobs has stopped.
  const { claims, leaseMs } = sharedState(ctx);
  const services: Services = {
    mail: createMailer({ store, config: ctx.config.mail }),
    org: createOrgService(store),
    projects: createProjectService(store),
    apiKeys: createApiKeyService(store, box),
    // User changes become webhook events, stored before the change (webhooks/relay.ts; the webhook service is built below).
    users: createUserService(store, (projectId, e, write) =>
      services.webhooks.around(projectId, [[e.type, { user: e.user }]], { collection: 'users', scope: e.pool, id: e.user.id, fields: e.fields }, write),
    ),
    // Its webhook events are stored in the write of each change (webhooks/relay.ts); built below.
    conversations: createConversationService(store, bus, () => services.webhooks?.conversationEvents),
    sessions: createSessionService(store),
    agent: createAgent(ctx, () => services),
    knowledge: createKnowledgeService({
      store, config: ctx.config, onClose: ctx.onClose, cluster: { claims, leaseMs, signals: ctx.signals }, box,
      aroundSyncOutcome: (job, write) =>
        services.webhooks.around(job.project_id, [[job.status === 'failed' ? 'knowledge.sync.failed' : 'knowledge.sync.finished', { job }]], {
          collection: 'sync_jobs', scope: job.project_id, id: job.id, fields: { status: job.status, finished_at: job.finished_at },
        }, write),
    }),
    tables: createSearchTableService(store),
    voice: createVoiceService({ config: ctx.config, stt: createSpeechToText(ctx.config) }),
    identity: createIdentityService(() => services),
    mcp: createMcpPool({ allowPrivate: ctx.config.allowPrivateFetch, stdioEnabled: ctx.config.mcpStdioEnabled }),
    exports: createExportService(ctx, () => services),
    webhooks: createWebhookService(ctx, () => services),
    billing: createBillingService(ctx, () => services),
  };
  // A stdio tool server is our child process: it goes when we go.
  ctx.onClose(() => services.mcp.closeAll());
  ctx.onClose(() => services.mail.close());
  return services;
}
