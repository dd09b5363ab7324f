// OpenAI-compatible answer provider (docs/architecture.md section 6, step 5) on the official `openai` client:
// streamed chat completions, numbered retrieval context, a tool-call loop with an iteration cap, a
// deadline per model call, and one clear error (`upstream_unavailable`, 502) when the endpoint fails.
import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import type { ChatCompletionMessageParam, ChatCompletionTool } from 'openai/resources/chat/completions';
import { AppError } from '../../../errors.js';
import type { Config } from '../../../config.js';
import type { AgentTool, AnswerInput, AnswerOutput, AnswerProvider, PausedReply } from '../provider.js';
import type { Passage } from '../../knowledge/types.js';
import { decideToolCall } from '../../mcp/decision.js';
import { DONT_KNOW } from '../offline/answerer.js';
import { CitationBook } from './citations.js';
import { buildMessages } from './prompt.js';

export interface OpenAiOptions {
  /** Model calls that may request tools; one more call then must answer (tool_choice none). */
  maxToolRounds?: number;
  /** Client retries on connection errors and 5xx (the openai client's own backoff). */
  maxRetries?: number;
}

type LlmConfig = NonNullable<Config['llm']>;

function upstreamError(err: unknown, timedOut: boolean): AppError {
  if (timedOut || err instanceof APIConnectionTimeoutError) {
    return new AppError('upstream_unavailable', 'The language model did not answer in time; please try again');
  }
  if (err instanceof APIConnectionError) return new AppError('upstream_unavailable', 'The language model endpoint is unreachable');
  if (err instanceof APIError && err.status !== undefined) {
    const why = err.status === 401 || err.status === 403 ? 'rejected the configured API key' : err.status === 429 ? 'is rate limiting us' : `answered with status ${err.status}`;
    return new AppError('upstream_unavailable', `The language model endpoint ${why}`, { upstream_status: err.status });
  }
  return new AppError('upstream_unavailable', 'The language model endpoint failed');
}

const toolDefinition = (tool: AgentTool): ChatCompletionTool => ({
  type: 'function',
  function: { name: tool.name, description: tool.description, parameters: tool.parameters },
});

function parseArgs(raw: string): Record<string, unknown> | null {
  try {
    const value = JSON.parse(raw || '{}');
    return value && typeof value === 'object' && !Array.isArray(value) ? value : null;
  } catch {
    return null;
  }
}

export function createOpenAiProvider(config: LlmConfig, options: OpenAiOptions = {}): AnswerProvider {
  const maxToolRounds = options.maxToolRounds ?? 4;
  const client = new OpenAI({
    baseURL: config.baseUrl,
    apiKey: config.apiKey || 'not-needed',
    timeout: config.timeoutMs,
    maxRetries: options.maxRetries ?? 1,
  });

  /** One streamed model call; returns its text and any tool calls. */
  async function call(messages: ChatCompletionMessageParam[], tools: AgentTool[], final: boolean, input: AnswerInput) {
    const deadline = AbortSignal.timeout(config.timeoutMs);
    const signal = input.signal ? AbortSignal.any([input.signal, deadline]) : deadline;
    let text = '';
    const calls: { id: string; name: string; args: string }[] = [];
    try {
      const stream = await client.chat.completions.create(
        {
          // The profile's model settings (docs/behaviour.md), else the server's configuration.
          model: input.model?.model ?? config.model,
          ...(input.model?.temperature != null ? { temperature: input.model.temperature } : {}),
          ...(input.model?.max_tokens != null ? { max_tokens: input.model.max_tokens } : {}),
          messages,
          stream: true,
          ...(tools.length ? { tools: tools.map(toolDefinition), tool_choice: final ? ('none' as const) : ('auto' as const) } : {}),
        },
        { signal },
      );
      for await (const chunk of stream) {
        const delta = chunk.choices?.[0]?.delta;
        if (!delta) continue;
        if (delta.content) {
          text += delta.content;
          input.onDelta(delta.content);
        }
        for (const tc of delta.tool_calls ?? []) {
          const slot = (calls[tc.index ?? 0] ??= { id: '', name: '', args: '' });
          if (tc.id) slot.id = tc.id;
          if (tc.function?.name) slot.name = tc.function.name;
          if (tc.function?.arguments) slot.args += tc.function.arguments;
        }
      }
    } catch (err) {
      if (input.signal?.aborted) throw input.signal.reason ?? err;
      if (err instanceof AppError) throw err;
      throw upstreamError(err, deadline.aborted || err instanceof APIUserAbortError);
    }
    return { text, calls: calls.filter(Boolean) };
  }

  return {
    name: 'openai',
    async answer(input: AnswerInput): Promise<AnswerOutput> {
      const book = new CitationBook();
      const messages = buildMessages(input.history, book.add(input.passages), input.question, input.instructions, input.images);
      const base = messages.length;
      const toolsByName = new Map(input.tools.map((t) => [t.name, t]));
      const allowed = new Set(toolsByName.keys());
      const resume = input.resume;
      let answer = resume?.answer ?? '';
      let handoff = resume?.handoff ?? false;
      let handover: string | undefined = resume?.handover;
      const toolPassages: Passage[] = [];
      if (resume) {
        // The tool rounds before the pause, then the answered call's result (spec 2.9 approval).
        if (resume.passages.length) book.add(resume.passages);
        toolPassages.push(...resume.passages);
        messages.push(...(resume.messages as ChatCompletionMessageParam[]), { role: 'tool', tool_call_id: resume.callId, content: resume.result });
      }
      for (let round = resume ? resume.round + 1 : 0; ; round++) {
        const final = round >= (input.model?.max_tool_rounds ?? maxToolRounds);
        const { text, calls } = await call(messages, input.tools, final, input);
        answer += text;
        if (calls.length === 0 || final) break;
        messages.push({
          role: 'assistant',
          content: text || null,
          tool_calls: calls.map((c) => ({ id: c.id, type: 'function' as const, function: { name: c.name, arguments: c.args || '{}' } })),
        });
        let paused: { tool: AgentTool; args: Record<string, unknown>; callId: string } | null = null;
        for (const c of calls) {
          const tool = toolsByName.get(c.name);
          const args = parseArgs(c.args);
          let content: string;
          // External tools: may it run now, must a person approve it first, or is it refused (mcp/decision.ts)?
          const decision = tool?.policy ? decideToolCall(tool.policy, c.name, allowed) : { action: 'run' as const };
          if (!tool) content = `Unknown tool "${c.name}".`;
          else if (!args) content = 'The arguments were not a JSON object; call the tool again with valid JSON.';
          else if (decision.action === 'refuse') content = `The tool "${c.name}" may not be used here.`;
          else if (decision.action === 'ask') {
            // One approval at a time: the first waits (its result comes on resume), others are told to wait.
            if (!paused) {
              paused = { tool, args, callId: c.id };
              continue;
            }
            content = 'Not run: another call is waiting for the user\'s approval. Call this again after it is answered, if still needed.';
          } else {
            const result = await tool.run(args, input.signal);
            // start_procedure (spec 2.9): the procedure's text is the reply, used as is rather than
            // copied by the model, which could reword or translate a scripted question. Text the
            // model streamed before the call is dropped from the stored reply.
            if (result.reply) {
              if (result.reply.content) input.onDelta(result.reply.content);
              return result.reply;
            }
            if (result.handoff) handoff = true;
            if (result.escalate) handover = result.escalate.note;
            if (result.passages?.length) toolPassages.push(...result.passages);
            const numbered = result.passages?.length ? book.add(result.passages) : '';
            content = [result.content, numbered].filter(Boolean).join('\n\n');
          }
          messages.push({ role: 'tool', tool_call_id: c.id, content });
        }
        if (paused) {
          const state: PausedReply = { round, answer, handoff, ...(handover ? { handover } : {}), passages: toolPassages, messages: messages.slice(base), callId: paused.callId };
          return { content: '', sources: [], offer_handoff: false, paused: { tool: paused.tool, args: paused.args, state } };
        }
      }
      if (!answer.trim()) {
        // The model produced no text (e.g. still asking for tools at the cap): be honest, offer a human.
        input.onDelta(DONT_KNOW);
        return { content: DONT_KNOW, sources: [], offer_handoff: input.offerHandoff !== false, ...(handover ? { handover_note: handover } : {}) };
      }
      const { content, sources } = book.finish(answer.trim());
      return { content, sources, offer_handoff: handoff, ...(handover ? { handover_note: handover } : {}) };
    },
  };
}
