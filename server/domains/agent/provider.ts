// What an answer provider (offline answerer, OpenAI-compatible model) receives and returns.
// The runtime does retrieval and storage; a provider only turns question + passages into a reply
// (docs/architecture.md section 6, step 5).
import type { Passage } from '../knowledge/types.js';
import type { MessageOutcome, SourceRef } from '../../../shared/schemas/entities.js';
import type { ModelSettings } from '../../../shared/schemas/behaviour.js';

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
  /** Runs the tool; returns text for the model plus any passages it surfaced (recorded as sources). */
  run(args: Record<string, unknown>, signal?: AbortSignal): Promise<{ content: string; passages?: Passage[]; handoff?: boolean; escalate?: { note: string } }>;
}

export interface AnswerInput {
  projectId: string;
  question: string;
  /** Earlier turns, oldest first, without the current question. */
  history: HistoryTurn[];
  /** Retrieved for the question, best first. */
  passages: Passage[];
  tools: AgentTool[];
  /** Guidance rules' instructions for this reply, in priority order (spec 2.7; docs/behaviour.md). */
  instructions?: string[];
  /** false when the guidance rules do not allow `offer_handoff` (spec 2.7, 2.9); absent: allowed. */
  offerHandoff?: boolean;
  /** The profile's model settings (docs/behaviour.md); null fields and absent: the server's configuration. */
  model?: ModelSettings;
  onDelta: (delta: string) => void;
  signal?: AbortSignal;
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
  /** How sure the reply is (absent: `no_answer` when it offers a handoff, else `answer`). */
  outcome?: MessageOutcome;
}

export interface AnswerProvider {
  readonly name: string;
  answer(input: AnswerInput): Promise<AnswerOutput>;
}

/** One SourceRef per distinct source, in first-use order. */
export function sourceRef(passage: Passage, snippetLength = 240): SourceRef {
  const text = passage.text.replace(/\s+/g, ' ').trim();
  return {
    source_id: passage.source_id,
    title: passage.title,
    // The citation lands on the section when its anchor is known.
    url: passage.url && passage.anchor && !passage.url.includes('#') ? `${passage.url}#${passage.anchor}` : passage.url,
    snippet: text.length > snippetLength ? `${text.slice(0, snippetLength - 1)}…` : text,
    score: Math.round(passage.score * 1e4) / 1e4,
  };
}
