// What an answer provider (offline answerer, OpenAI-compatible model) receives and returns.
// The runtime does retrieval and storage; a provider only turns question + passages into a reply
// (docs/architecture.md section 6, step 5).
import type { Passage } from '../knowledge/types.js';
import type { MessageOutcome, SourceRef } from '../../../shared/schemas/entities.js';
import type { ModelSettings } from '../../../shared/schemas/behaviour.js';
import type { ToolPolicy } from '../mcp/decision.js';

export interface HistoryTurn {
  role: 'user' | 'assistant' | 'operator';
  content: string;
}

/** A tool a provider may call besides the passages it was given (spec 2.9 built-in tools, search tables). */
export interface AgentTool {
  name: string;
  /** `table` marks a search-table tool, which the offline answerer also consults (with the question as query). */
  kind?: 'builtin' | 'table';
  description: string;
  /** JSON Schema of the arguments object. */
  parameters: Record<string, unknown>;
  /** External tools (MCP, spec 2.9): the team's policy, decided per call by mcp/decision.ts. */
  policy?: ToolPolicy;
  /** External tools: which server and tool, and the title a person reads. */
  external?: { serverId: string; tool: string; title: string };
  /**
   * Tools a project defines and a profile enables (Unitools, external tool servers; spec 2.9): whether
   * the profile that serves this reply (the draft's, or the one a build froze) enables it. The
   * behaviour stage filters with it, since only it knows which profile serves the reply.
   */
  enabledOn?: (profile: { id: string; mcp_server_ids?: string[] }) => boolean;
  /** Runs the tool; returns text for the model plus any passages it surfaced (recorded as sources). */
  run(args: Record<string, unknown>, signal?: AbortSignal): Promise<ToolResult>;
}

export interface ToolResult {
  content: string;
  passages?: Passage[];
  handoff?: boolean;
  escalate?: { note: string };
  /** The tool's outcome is the reply itself (start_procedure, spec 2.9): the provider ends with it as is. */
  reply?: AnswerOutput;
}

/** A visitor's image for a model that reads images (agent/images.ts): the bytes, read from the attachment storage. */
export interface ImageInput {
  name: string;
  content_type: string;
  bytes: Buffer;
}

export interface AnswerInput {
  projectId: string;
  question: string;
  /** Earlier turns, oldest first, without the current question. */
  history: HistoryTurn[];
  /** retrievalQuery(question, history) when the caller already made it (the runtime searched with it). */
  query?: string;
  /**
   * The visitor's images for the question (OPENAI_VISION, docs/attachments.md "The AI and files"):
   * shown to a model with the question; absent or empty when the AI sees no files. The offline
   * answerer never gets any.
   */
  images?: ImageInput[];
  /** Retrieved for the question, best first. */
  passages: Passage[];
  /** Searches the same knowledge, scope and limit as `passages` came from (the offline answerer's stability probe). */
  search?: (query: string) => Promise<Passage[]>;
  tools: AgentTool[];
  /** Guidance rules' instructions for this reply, in priority order (spec 2.7; docs/behaviour.md). */
  instructions?: string[];
  /** false when the guidance rules do not allow `offer_handoff` (spec 2.7, 2.9); absent: allowed. */
  offerHandoff?: boolean;
  /** The profile's model settings (docs/behaviour.md); null fields and absent: the server's configuration. */
  model?: ModelSettings;
  onDelta: (delta: string) => void;
  signal?: AbortSignal;
  /** Continues a reply paused for an external tool's approval with that call's result (mcp/tool-calls.ts). */
  resume?: PausedReply & { result: string };
  /**
   * The visitor's language (channel locale, else the widget's locales), for Parley's own texts when
   * the question's words do not show its language (e.g. a script no analyser reads).
   */
  locale?: string | null;
}

export interface AnswerOutput {
  content: string;
  /** The sources the answer used; a citation [n] in content refers to sources[n - 1]. */
  sources: SourceRef[];
  offer_handoff: boolean;
  /** escalate_to_human was called: the note for the team (the runtime escalates after storing the reply). */
  handover_note?: string;
  /**
   * A tool call needs a person's approval first (spec 2.9): no reply yet; the runtime stores the
   * pending call with `state` and resumes the reply once it is answered.
   */
  paused?: { tool: AgentTool; args: Record<string, unknown>; state: PausedReply };
  /** A procedure's tool step waits for an external call's approval: store the content only if there is some. */
  awaiting_approval?: boolean;
  /** How sure the reply is (absent: `no_answer` when it offers a handoff, else `answer`). */
  outcome?: MessageOutcome;
}

/**
 * Where a paused tool loop stands, stored with the pending call so a restart can resume it: the
 * tool rounds so far (provider-specific messages), the text already streamed, the passages tools
 * found (numbered again in the same order) and the id the model gave the waiting call.
 */
export interface PausedReply {
  round: number;
  answer: string;
  handoff: boolean;
  handover?: string;
  passages: Passage[];
  messages: unknown[];
  callId: string;
}

/**
 * Whether the OpenAI-compatible model serves a reply (agent/index.ts chooseProvider): an LLM is
 * configured and the profile does not pin the offline answerer. Procedures start differently on
 * each path (spec 2.9, procedures/start-tool.ts).
 */
export const servedByModel = (llmConfigured: boolean, model: ModelSettings | undefined): boolean => llmConfigured && model?.provider !== 'offline';

export interface AnswerProvider {
  readonly name: string;
  answer(input: AnswerInput): Promise<AnswerOutput>;
}

/** One SourceRef per distinct source, in first-use order. */
export function sourceRef(passage: Passage, snippetLength = 240): SourceRef {
  const heading = passage.headings.at(-1);
  const section = heading && heading !== passage.title ? heading : undefined;
  return {
    source_id: passage.source_id,
    title: passage.title,
    // Which part of a long page ("Questions site owners ask" › "Does the widget set cookies?"):
    // the page title alone does not say what was cited.
    ...(section ? { section } : {}),
    // The citation lands on the section when its anchor is known.
    url: passage.url && passage.anchor && !passage.url.includes('#') ? `${passage.url}#${passage.anchor}` : passage.url,
    snippet: snippetOf(passage.text, snippetLength),
    score: Math.round(passage.score * 1e4) / 1e4,
  };
}

/**
 * The text with its whitespace collapsed and trimmed, cut to `length` characters with an ellipsis.
 * Every cited passage of every answer gets one, and a passage may be a long section: only as much
 * of its beginning as the snippet needs is collapsed. A beginning collapses to the beginning of the
 * collapsed whole, so once it holds more than `length` characters the result is the same as from
 * the whole text.
 */
export function snippetOf(raw: string, length: number): string {
  for (let take = length * 2; ; take *= 2) {
    const whole = take >= raw.length;
    const text = (whole ? raw : raw.slice(0, take)).replace(/\s+/g, ' ').trim();
    if (text.length > length) return `${text.slice(0, length - 1)}…`;
    if (whole) return text;
  }
}
