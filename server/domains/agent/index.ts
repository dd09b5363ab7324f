// Builds the app's agent runtime from its context: the offline answerer by default, the
// OpenAI-compatible provider when config.llm is set (docs/architecture.md section 1: real providers by config).
import type { AppContext, Services } from '../../context.js';
import type { KnowledgeSearch } from '../knowledge/types.js';
import type { ConversationRecord } from '../../../shared/schemas/entities.js';
import type { AgentRuntime } from './types.js';
import { servedByModel, type AnswerProvider } from './provider.js';
import { createAgentRuntime, type AgentDeps } from './runtime.js';
import { createOfflineAnswerer } from './offline/answerer.js';
import { createOpenAiProvider } from './openai/provider.js';
import { productionTools } from './tools.js';
import { unitoolAgentTools } from '../unitools/agent-tools.js';
import { mcpAgentTools } from '../mcp/agent-tools.js';
import { createToolCallService } from '../mcp/tool-calls.js';
import { visitorTextLocale } from './texts.js';
import { orgLanguageOf } from '../org/settings-of.js';
import { behaviourStages } from '../guidance/stages.js';
import { triggerStage } from '../triggers/stage.js';
import { operatorsOf } from '../operators/service.js';
import { humanRequestStage } from '../operators/human-request-stage.js';
import { expiredReplyStage } from '../billing/reply-pause.js';
import { createAttachmentService, type AttachmentService } from '../attachments/service.js';

export function chooseProvider(ctx: Pick<AppContext, 'config'>): AnswerProvider {
  if (!ctx.config.llm) return createOfflineAnswerer();
  const llm = createOpenAiProvider(ctx.config.llm);
  const offline = createOfflineAnswerer();
  // A profile may pin the offline answerer (model.provider `offline`, docs/behaviour.md).
  return { name: llm.name, answer: (input) => (servedByModel(true, input.model) ? llm : offline).answer(input) };
}

/**
 * The production reply pipeline's parts. Simulations build their runtime from the same parts
 * (simulations/runner.ts), replacing only where events go and what is recorded.
 */
export function productionAgentDeps(ctx: Omit<AppContext, 'services'>, services: () => Services): AgentDeps {
  const knowledge = (): KnowledgeSearch | null => services().knowledge ?? null;
  let toolCalls: ReturnType<typeof createToolCallService> | undefined;
  let files: AttachmentService | undefined;
  return {
    conversations: services().conversations,
    bus: ctx.bus,
    knowledge,
    provider: chooseProvider(ctx),
    // Then the Unitools and the external tool servers' exposed tools, each enabled per profile: the
    // behaviour stage keeps those of the profile serving the reply (spec 2.9, guidance/stages.ts).
    tools: async (projectId: string, conversation?: ConversationRecord) => [
      ...(await productionTools(ctx, services(), projectId, conversation)),
      ...(await unitoolAgentTools(ctx, projectId)),
      ...(await mcpAgentTools({ ...ctx, services: services() }, projectId, conversation)),
    ],
    // External tool calls that wait for approval pause the reply (spec 2.9). Built on first use (the
    // services are siblings, not ready yet here) and kept: every reply asks for it.
    get toolCalls() {
      return (toolCalls ??= createToolCallService({ ...ctx, services: services() }));
    },
    // Triggers, then profiles, guidance rules and audiences (docs/behaviour.md).
    stages: { ...behaviourStages({ ...ctx, services: services() }), beforeReply: triggerStage({ ...ctx, services: services() }) },
    escalate: (conversation, note) => operatorsOf({ ...ctx, services: services() }).escalateByAgent(conversation, note),
    // "I would like to talk to a human": the offer at once, or the queue (docs/operators.md "Handover").
    // An expired subscription that stops replies comes first: the visitor is told, the team gets the conversation (docs/billing.md).
    humanRequest: async (conversation, question, locale) =>
      (await expiredReplyStage({ services: services() })(conversation, locale)) ?? humanRequestStage({ ...ctx, services: services() })(conversation, question, locale),
    // OPENAI_VISION: the model is shown visitors' images, read from the attachment storage (docs/attachments.md
    // "The AI and files"). Reading needs only the store and the storage, so the service is made on first use.
    ...(ctx.config.llm?.vision
      ? { readImage: (projectId: string, file: { id: string }) => (files ??= createAttachmentService({ ...ctx, services: services() })).bytesOf(projectId, file.id) }
      : {}),
    // The channel's locale, then the locales the visitor's widget sent (kept on the user).
    visitorLocale: async (conversation) => {
      const { users, projects } = services();
      const user = await users.get(conversation.project_id, conversation.user_id);
      const channel = conversation.channel_id ? (await projects.listChannels(conversation.project_id)).find((c) => c.id === conversation.channel_id) : undefined;
      return visitorTextLocale(channel?.locale, user?.locales ?? [], undefined, await orgLanguageOf({ services: services() }, conversation.project_id));
    },
  };
}

/** `services` is read lazily: knowledge and tables are siblings built in the same services object. */
export function createAgent(ctx: Omit<AppContext, 'services'>, services: () => Services): AgentRuntime {
  let runtime: AgentRuntime | null = null;
  return { reply: (request) => (runtime ??= createAgentRuntime(productionAgentDeps(ctx, services))).reply(request) };
}
