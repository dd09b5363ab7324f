// Runs one scripted case through the production reply pipeline (docs/behaviour.md "Simulations"):
// the runtime is built from the same parts as the live agent (agent/index.ts productionAgentDeps),
// with its events kept to itself (no widget, team console or webhook sees a simulation) and the tools
// the provider used recorded. The messages are stored in a hidden conversation pinned to the target
// and the context, which audiences read; the conversation is the run's event log, and its AI replies
// are billed as Chat Messages like any other (spec 8.1.3).
import type { AppContext } from '../../context.js';
import type { AnswerProvider } from '../agent/provider.js';
import type { CaseResult, SimulationCase, Target, TurnResult } from '../../../shared/schemas/simulations.js';
import { createAgentRuntime } from '../agent/runtime.js';
import { productionAgentDeps } from '../agent/index.js';
import { createConversationBus } from '../conversations/events.js';
import { createConversationService } from '../conversations/service.js';
import { visitorTextLocale } from '../agent/texts.js';
import { orgLanguageOf } from '../org/settings-of.js';
import { newId } from '../../lib/ids.js';
import { missedExpectations } from './expectations.js';

/** Wraps a provider so every tool it runs, and the handoff or escalation it makes, is recorded. */
function recording(provider: AnswerProvider, calls: string[]): AnswerProvider {
  return {
    name: provider.name,
    async answer(input) {
      const tools = input.tools.map((t) => ({ ...t, run: (args: Record<string, unknown>, signal?: AbortSignal) => (calls.push(t.name), t.run(args, signal)) }));
      const output = await provider.answer({ ...input, tools });
      // The offline answerer offers a handoff without running the tool: the same decision.
      if (output.offer_handoff && !calls.includes('offer_handoff')) calls.push('offer_handoff');
      if (output.handover_note && !calls.includes('escalate_to_human')) calls.push('escalate_to_human');
      return output;
    },
  };
}

export async function runCase(ctx: AppContext, projectId: string, target: Target, scripted: SimulationCase): Promise<CaseResult> {
  const bus = createConversationBus();
  const conversations = createConversationService(ctx.store, bus);
  const calls: string[] = [];
  const production = productionAgentDeps(ctx, () => ctx.services);
  const runtime = createAgentRuntime({
    ...production,
    conversations,
    bus,
    provider: recording(production.provider, calls),
    // External tools (MCP) act on real systems: a simulation never calls them, nor waits for approvals.
    tools: async (p, c) => (await production.tools!(p, c)).filter((t) => !t.external),
    toolCalls: undefined,
    // The team's queue is not told: the handover note stays in the simulation's log.
    escalate: async () => undefined,
    // The simulated visitor's locales, then the organization's default language, as for a live visitor.
    visitorLocale: async () => visitorTextLocale(undefined, scripted.context?.user?.locales ?? [], undefined, await orgLanguageOf(ctx, projectId)),
  });
  const conversation = await conversations.create({ projectId, userId: newId(), simulation: { target, context: scripted.context ?? {} } });

  const turns: TurnResult[] = [];
  for (const turn of scripted.turns) {
    calls.length = 0;
    await conversations.append(projectId, conversation.id, { role: 'user', content: turn.user });
    const result = await runtime.reply({ projectId, conversationId: conversation.id });
    const message = result.message;
    const done: Omit<TurnResult, 'failures'> = {
      user: turn.user,
      reply: message ? { content: message.content, sources: message.sources, offer_handoff: Boolean(message.offer_handoff), outcome: message.outcome ?? 'answer' } : null,
      skipped: result.skipped ?? null,
      guidance: message?.guidance ?? null,
      tools_called: [...calls],
    };
    turns.push({ ...done, failures: missedExpectations(turn.expect ?? [], done) });
  }
  return { name: scripted.name, passed: turns.every((t) => t.failures.length === 0), conversation_id: conversation.id, turns };
}
