// Every route module, registered in order by buildApp. A domain adds its module here.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from './context.js';
import { accessModule } from './http/auth/module.js';
import { gracefulClose } from './http/graceful-close.js';
import { sessionRoutes } from './domains/session/routes.js';
import { orgApiRoutes } from './domains/org-api/routes.js';
import { conversationApiRoutes } from './domains/conversations-api/routes.js';
import { userApiRoutes } from './domains/users-api/routes.js';
import { projectRoutes } from './domains/projects/routes.js';
import { metricsRoutes } from './domains/metrics/routes.js';
import { healthRoutes } from './domains/health/routes.js';
import { widgetRoutes } from './domains/widget/routes.js';
import { searchTableRoutes } from './domains/knowledge/tables/routes.js';
import { knowledgeRoutes } from './domains/knowledge/routes.js';
import { voiceRoutes } from './domains/voice/routes.js';
import { consoleRoutes } from './domains/console/routes.js';
import { operatorsModule } from './domains/operators/index.js';
import { labelRoutes } from './domains/labels/routes.js';
import { audienceRoutes } from './domains/audiences/routes.js';
import { guidanceRoutes } from './domains/guidance/routes.js';
import { triggerRoutes } from './domains/triggers/routes.js';
import { deploymentRoutes } from './domains/deployments/routes.js';
import { simulationRoutes } from './domains/simulations/routes.js';
import { procedureRoutes } from './domains/procedures/routes.js';
import { profileRoutes } from './domains/profiles/routes.js';
import { unitoolRoutes } from './domains/unitools/routes.js';
import { mcpServerRoutes } from './domains/mcp/routes.js';
import { cannedReplyRoutes } from './domains/canned-replies/routes.js';
import { mailRoutes } from './domains/mail/routes.js';
import { webhookRoutes } from './domains/webhooks/routes.js';
import { exportRoutes } from './domains/exports/routes.js';
import { platformChannelRoutes } from './domains/channels/routes.js';
import { billingRoutes } from './domains/billing/routes.js';
import { attachmentRoutes } from './domains/attachments/routes.js';

export type RouteModule = (app: FastifyInstance, ctx: AppContext) => Promise<void> | void;

export const ROUTE_MODULES: RouteModule[] = [gracefulClose, accessModule, sessionRoutes, orgApiRoutes, projectRoutes, conversationApiRoutes, userApiRoutes, metricsRoutes, healthRoutes, searchTableRoutes, knowledgeRoutes, widgetRoutes, voiceRoutes, labelRoutes, audienceRoutes, guidanceRoutes, triggerRoutes, deploymentRoutes, simulationRoutes, procedureRoutes, profileRoutes, unitoolRoutes, mcpServerRoutes, cannedReplyRoutes, mailRoutes, exportRoutes, webhookRoutes, platformChannelRoutes, billingRoutes, attachmentRoutes, operatorsModule, consoleRoutes];
