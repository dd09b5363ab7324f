// The agent runtime (docs/architecture.md section 6): one pipeline behind the widget, REST generate and SSE.
//   1. triggers            → seam `stages.beforeReply` (issue for triggers); nothing runs without it
//   2. operator active     → no AI reply (checked again in the very write that stores the reply)
//   2a. files alone (no typed text) → a fixed note asking for words, once per burst (file-note.ts);
//       images alone, with a model that reads images (OPENAI_VISION) → the model answers them (images.ts)
//   2b. a plain-words request for a person → the handoff offer, or the handover (docs/operators.md "Handover")
//   3./4. deployment, audiences → seam `stages.knowledgeScope` restricts sources; absent = all sources
//   guidance (spec 2.7)  → seams `stages.allowedTools` and `stages.guidance` (docs/behaviour.md)
//   5. retrieval for the latest user message (plus a little context), then the provider
//   7. store the reply with its sources (conversations service publishes message.created),
//      stream deltas through onDelta and the bus (message.delta, typing)
// Replies of one conversation are serialised so two requests never interleave their streams.
import type { AttachmentRef, ConversationRecord, Message } from '../../../shared/schemas/entities.js';
import type { GuidanceTrace, ModelSettings } from '../../../shared/schemas/behaviour.js';
import type { ConversationService } from '../conversations/service.js';
import type { ConversationBus } from '../conversations/events.js';
import type { KnowledgeSearch, Passage, SearchOptions } from '../knowledge/types.js';
import type { AgentRuntime, ReplyRequest, ReplyResult } from './types.js';
import type { AgentTool, AnswerOutput, AnswerProvider, HistoryTurn, ImageInput } from './provider.js';
import { newId } from '../../lib/ids.js';
import { MAX_MESSAGE_LENGTH } from '../conversations/service.js';
import { capLength, charLength } from '../../../shared/limits.js';
import { retrievalQuery } from './query.js';
import { fileNote, fileNoteDue, filesOnly } from './file-note.js';
import { imagesAlone, imagesToShow, readImages } from './images.js';
import { imagesAloneQuestion } from './openai/prompt.js';
import type { ToolCallService } from '../mcp/tool-calls.js';
import { DECLINED } from '../mcp/tool-calls.js';
import type { PausedReply } from './provider.js';

/** Extension points for later issues (triggers, audiences, deployments). None is faked here. */
export interface ReplyStages {
  /** Spec 6 triggers: run before any AI reply; `blocked` stops it (spam is flagged, never billed). */
  beforeReply?(conversation: ConversationRecord, message: Message): Promise<{ blocked: boolean }>;
  /** Spec 2.8/2.10: the knowledge sources the conversation's audiences allow, of the build its channel follows. */
  knowledgeScope?(conversation: ConversationRecord): Promise<Pick<SearchOptions, 'sourceIds' | 'snapshot'> | undefined>;
  /** Spec 2.7: tools allowed by the matching guidance rules; absent = every tool the profile enables. */
  allowedTools?(conversation: ConversationRecord, tools: AgentTool[]): Promise<AgentTool[]>;
  /**
   * Spec 2.7: the matching guidance rules' instructions, in priority order, for the provider, and the
   * trace stored on the reply (`message.guidance`); `tools` are those the reply may use.
   */
  guidance?(conversation: ConversationRecord, tools: AgentTool[]): Promise<{ instructions: string[]; trace: GuidanceTrace; model?: ModelSettings }>;
  /**
   * Spec 2.9 procedures: the next scripted step answers instead of retrieval and the provider, for a
   * conversation inside a procedure or a message that starts one; null when none applies.
   */
  procedure?(conversation: ConversationRecord, question: Message, tools: AgentTool[], locale: string | null): Promise<AnswerOutput | null>;
  /**
   * Spec 2.9 procedures on the model path: start_procedure, when the model serves the reply, the
   * profile has procedures and the guidance allows it; null otherwise. `tools`: the reply's others.
   */
  procedureTool?(conversation: ConversationRecord, tools: AgentTool[], locale: string | null): Promise<AgentTool | null>;
  /** Whether the model, not the offline answerer, serves the reply (a profile may pin the latter); absent: the provider decides alone. */
  modelServes?(conversation: ConversationRecord): Promise<boolean>;
}

export interface AgentDeps {
  conversations: ConversationService;
  bus: ConversationBus;
  /** Resolved per call: the knowledge service is built by another domain of the same app. */
  knowledge: () => KnowledgeSearch | null;
  provider: AnswerProvider;
  /** Tools offered to the provider for a reply in a conversation (agent/tools.ts). */
  tools?: (projectId: string, conversation: ConversationRecord) => Promise<AgentTool[]>;
  stages?: ReplyStages;
  /** escalate_to_human was called (spec 2.9): store the note for the team and escalate, after the reply. */
  escalate?(conversation: ConversationRecord, note: string): Promise<void>;
  /** Passages retrieved per question. */
  retrievalLimit?: number;
  /** Earlier turns given to the provider. */
  historyTurns?: number;
  /** External tool calls that wait for approval (spec 2.9, mcp/tool-calls.ts); absent: none are paused. */
  toolCalls?: Pick<ToolCallService, 'get' | 'execute' | 'pause' | 'expirePending' | 'clearResume'>;
  /**
   * The visitor asked for a person in plain words (human-request.ts), before retrieval: the handoff
   * offer to store as the reply, `handed_over` when the conversation went to the team's queue
   * instead, null when the message is no such request (or the channel never hands over).
   */
  humanRequest?(conversation: ConversationRecord, question: Message, locale: string | null): Promise<AnswerOutput | 'handed_over' | null>;
  /**
   * A visitor's image for a model that reads images (OPENAI_VISION, docs/attachments.md "The AI and
   * files"): its bytes from the attachment storage, null when gone. Absent: the AI sees no files.
   */
  readImage?(projectId: string, file: AttachmentRef): Promise<Buffer | null>;
  /** The visitor's language for Parley's own texts (texts.ts visitorTextLocale); absent: the question's alone. */
  visitorLocale?: (conversation: ConversationRecord) => Promise<string | undefined>;
}

export function createAgentRuntime(deps: AgentDeps): AgentRuntime {
  const queues = new Map<string, Promise<unknown>>();
  const limit = deps.retrievalLimit ?? 6;
  const historyTurns = deps.historyTurns ?? 8;

  /** The images a model that reads them is shown for the reply to `turns[last]` (images.ts). */
  const imagesFor = (projectId: string, turns: Message[], last: number): Promise<ImageInput[]> =>
    readImages(imagesToShow(turns, last), (file) => deps.readImage!(projectId, file));

  async function run(request: ReplyRequest): Promise<ReplyResult> {
    const { projectId, conversationId } = request;
    // A reply paused for an external tool's approval (spec 2.9) continues with the call's result: an
    // approved call runs now (even with an operator active: they answered it), a denied one tells the
    // model so. A procedure's call resumes through the procedure stage instead.
    const paused = request.resume && deps.toolCalls ? await deps.toolCalls.get(projectId, conversationId, request.resume.callId) : null;
    let resume: (PausedReply & { result: string }) | undefined;
    if (paused && paused.origin === 'agent') {
      if (paused.approval !== 'approved' && paused.approval !== 'denied') return { message: null, sources: [], skipped: 'awaiting_approval' };
      const result = paused.approval === 'approved' ? (await deps.toolCalls!.execute(paused, request.signal)).content : DECLINED;
      if (!paused.resume) return { message: null, sources: [], skipped: 'awaiting_approval' };
      resume = { ...(paused.resume as PausedReply), result };
      await deps.toolCalls!.clearResume(paused);
    } else if (!paused) {
      // The visitor wrote again instead of answering: calls still waiting are not answered any more.
      await deps.toolCalls?.expirePending(projectId, conversationId);
    }
    const conversation = await deps.conversations.require(projectId, conversationId);
    if (conversation.operator_active) return { message: null, sources: [], skipped: 'operator_active' };
    const turns = conversation.messages.filter((m) => m.type === 'message');
    const lastUserIndex = turns.findLastIndex((m) => m.role === 'user');
    if (lastUserIndex < 0) return { message: null, sources: [], skipped: 'no_user_message' };
    const question = turns[lastUserIndex];
    if (deps.stages?.beforeReply) {
      const gate = await deps.stages.beforeReply(conversation, question);
      if (gate.blocked) return { message: null, sources: [], skipped: 'blocked' };
    }
    // A model that reads images is shown the visitor's images since the last reply (images.ts), also
    // when a paused reply resumes: its question is built again.
    const images = deps.readImage && (await deps.stages?.modelServes?.(conversation) ?? true) ? await imagesFor(projectId, turns, lastUserIndex) : [];
    // Images alone, when the model reads them: the model answers, told that no words came with them.
    const seenAlone = images.length > 0 && imagesAlone(question);
    // Other files alone (a PDF, or any file without such a model; docs/attachments.md "The AI and
    // files"): the AI cannot read them, so the reply is a fixed note, never a search for the file name
    // or a model's guess. Once per burst: more files right after the note get no second one (file-note.ts).
    const filesAlone = !resume && !seenAlone && filesOnly(question);
    if (filesAlone && !fileNoteDue(conversation.messages)) return { message: null, sources: [], skipped: 'files_noted' };

    const history: HistoryTurn[] = turns
      .slice(0, lastUserIndex)
      .slice(-historyTurns)
      .map((m) => ({ role: m.role, content: m.content }));
    let tools = deps.tools ? await deps.tools(projectId, conversation) : [];
    if (deps.stages?.allowedTools) tools = await deps.stages.allowedTools(conversation, tools);
    const locale = (await deps.visitorLocale?.(conversation)) ?? null;
    // Asking for a person is answered before anything is looked up: the offer, or the queue.
    const human = resume ? null : await deps.humanRequest?.(conversation, question, locale);
    if (human === 'handed_over') return { message: null, sources: [], skipped: 'operator_active' };
    // A procedure's step, when one applies, is the reply: no retrieval, no provider (docs/behaviour.md).
    // Images alone skip the procedure stage as the note does: a file name is no answer to a step.
    const scripted = human ?? (filesAlone ? fileNote(locale) : null) ?? (resume || seenAlone ? null : await deps.stages?.procedure?.(conversation, question, tools, locale));
    // Otherwise a model may start one itself; offered before the guidance so its trace lists it.
    const startProcedure = scripted ? null : await deps.stages?.procedureTool?.(conversation, tools, locale);
    if (startProcedure) tools = [...tools, startProcedure];
    const guidance = await deps.stages?.guidance?.(conversation, tools);
    const scope = scripted ? undefined : await deps.stages?.knowledgeScope?.(conversation);
    const knowledge = deps.knowledge();
    // Made once: the offline answerer reads the question the same way (input.query).
    const query = retrievalQuery(question.content, history);
    // Never a search for a file name: for images alone the model searches itself (search_knowledge) once it sees them.
    const passages: Passage[] = knowledge && !scripted && !seenAlone ? await knowledge.search(projectId, query, { ...scope, limit }) : [];

    // Take over (docs/operators.md): the moment an operator takes the conversation, the running
    // generation is aborted — no more deltas, and the partial answer is never stored.
    // The provider's signal is made only if it reads it (the offline answerer seldom does): an
    // AbortSignal and an 'abort' listener on it are EventTarget work that every reply paid for.
    const takeover = new AbortController();
    let takenOver = false;
    let stop: (reason: Error) => void = () => {};
    const stopOnTakeover = deps.bus.subscribe(conversationId, (event) => {
      if (event.type !== 'conversation.updated' || !event.conversation.operator_active || takenOver) return;
      takenOver = true;
      takeover.abort();
      stop(new Error('taken over'));
    });
    let signal: AbortSignal | undefined;
    const signalOf = () => (signal ??= request.signal ? AbortSignal.any([request.signal, takeover.signal]) : takeover.signal);
    const streamId = newId();
    const publishTyping = (typing: boolean) =>
      deps.bus.publish({ type: 'typing', project_id: projectId, conversation_id: conversationId, role: 'assistant', typing });
    publishTyping(true);
    try {
      // Raced against the take over, so the run ends at once even if a provider is slow to notice.
      const stopped = new Promise<never>((_, reject) => (stop = reject));
      stopped.catch(() => {});
      const output = scripted ?? await Promise.race([stopped, deps.provider.answer({
        projectId,
        question: seenAlone ? imagesAloneQuestion(images.length, locale) : question.content,
        ...(images.length ? { images } : {}),
        locale,
        history,
        query,
        passages,
        ...(knowledge && !scripted ? { search: (q: string) => knowledge.search(projectId, q, { ...scope, limit }) } : {}),
        tools,
        instructions: guidance?.instructions ?? [],
        ...(deps.stages?.allowedTools ? { offerHandoff: tools.some((t) => t.name === 'offer_handoff') } : {}),
        ...(guidance?.model ? { model: guidance.model } : {}),
        ...(resume ? { resume } : {}),
        get signal() {
          return signalOf();
        },
        onDelta(delta) {
          if (!delta || takenOver) return;
          request.onDelta?.(delta);
          deps.bus.publish({ type: 'message.delta', project_id: projectId, conversation_id: conversationId, stream_id: streamId, delta });
        },
      })]);
      if (takenOver) return { message: null, sources: [], skipped: 'operator_active' };
      request.signal?.throwIfAborted();
      // A human may have taken over while the answer was produced: their word wins (docs/architecture.md section 6.2).
      const current = await deps.conversations.require(projectId, conversationId);
      if (current.operator_active) return { message: null, sources: [], skipped: 'operator_active' };
      if (output.paused && deps.toolCalls) {
        await deps.toolCalls.pause(current, output.paused.tool, output.paused.args, 'agent', output.paused.state);
        return { message: null, sources: [], skipped: 'awaiting_approval' };
      }
      if (output.awaiting_approval && !output.content.trim()) return { message: null, sources: [], skipped: 'awaiting_approval' };
      const reply = {
        role: 'assistant' as const,
        // A model may run long; the message store has a hard cap (conversations/service.ts).
        content: charLength(output.content) > MAX_MESSAGE_LENGTH ? `${capLength(output.content, MAX_MESSAGE_LENGTH - 1)}…` : output.content,
        sources: output.sources,
        offer_handoff: output.offer_handoff,
        outcome: output.outcome ?? (output.offer_handoff ? 'no_answer' : 'answer'),
        ...(guidance ? { guidance: guidance.trace } : {}),
      };
      // Stored only if the AI still holds the conversation, decided inside the write itself: a person's
      // reply or take over between the check above and here wins (docs/operators.md "Handover").
      const stored = await deps.conversations.apply(projectId, conversationId, (r) => (r.operator_active ? null : { messages: [reply] }));
      const message = stored?.messages[0];
      if (!message) return { message: null, sources: [], skipped: 'operator_active' };
      if (output.handover_note && deps.escalate) await deps.escalate(current, output.handover_note);
      return { message, sources: message.sources };
    } catch (err) {
      if (takenOver) return { message: null, sources: [], skipped: 'operator_active' };
      throw err;
    } finally {
      stopOnTakeover();
      publishTyping(false);
    }
  }

  return {
    reply(request) {
      const previous = queues.get(request.conversationId) ?? Promise.resolve();
      const next = previous.catch(() => {}).then(() => run(request));
      queues.set(request.conversationId, next);
      void next.catch(() => {}).finally(() => {
        if (queues.get(request.conversationId) === next) queues.delete(request.conversationId);
      });
      return next;
    },
  };
}
