// The offline answerer (docs/architecture.md section 6, step 5): deterministic, no network. Three outcomes
// (docs/knowledge.md "Answers"; decision.ts decides which):
//   - answer: a snippet whose question matches the visitor's, verbatim; or the best section's lead
//     paragraph, the paragraph that speaks to the question and the code it introduces (compose.ts),
//     cited [1] → sources[0], which links to the section;
//   - suggestions: "I could not find a definite answer; these sections look related: [1] [2] [3]"
//     with the handoff offer, the sections as sources;
//   - no_answer: a plain no-answer with the handoff offer.
// Everything Parley says itself is in the visitor's language (texts.ts); an answer quoted from a
// source in another language says so.
import type { Passage } from '../../knowledge/types.js';
import type { SourceRef } from '../../../../shared/schemas/entities.js';
import { sourceRef, type AnswerInput, type AnswerOutput } from '../provider.js';
import { agentText } from '../texts.js';
import { analyze, tokenize } from '../../knowledge/analysis/analyzer.js';
import { detectLanguage, evidentLanguage, type Language } from '../../knowledge/analysis/language.js';
import { retrievalQuery } from '../query.js';
import { decide, DEFAULT_DECISION, stabilityMatters, type Decision, type DecisionOptions } from './decision.js';
import { stability } from './stability.js';
import { composeAnswer } from './compose.js';
import { withoutHandoff } from './no-handoff.js';

export interface OfflineOptions {
  /** Question-to-snippet-question similarity for a direct FAQ answer. */
  directMatch?: number;
  decision?: Partial<DecisionOptions>;
}

export type Diagnostics = Pick<Decision, 'outcome' | 'probability' | 'features'> & {
  /** Set when the stability signal could change the outcome: measures it (stability.ts). */
  probe?: () => Promise<number>;
};

export const DONT_KNOW = agentText('en', 'noAnswer');
export const ASK_A_QUESTION = agentText('en', 'askQuestion');

const GREETING = /^(hi|hello|hey|hallo|hola|bonjour|salut|ciao|olá|ola|moin|servus|buenos días|good (morning|afternoon|evening)|thanks?( you)?|danke|gracias|merci|grazie|obrigad[oa])[\s!.,]*$/i;
/** Greetings too short for language detection. */
const GREETING_LANGUAGE: Record<string, Language> = { hallo: 'de', danke: 'de', moin: 'de', servus: 'de', hola: 'es', gracias: 'es', bonjour: 'fr', salut: 'fr', merci: 'fr', ciao: 'it', grazie: 'it', olá: 'pt', ola: 'pt' };

/**
 * How well a visitor's question matches a snippet's question: symmetric overlap of their terms,
 * except that a question containing every term of the snippet's plus one more still matches, and
 * so does one whose every term is in the snippet's, which has one more.
 */
export function questionSimilarity(user: string, snippet: string): number {
  return similarityTo(userTerms(user), snippet);
}

/** The visitor's side of questionSimilarity, analysed once per reply rather than once per snippet. */
function userTerms(user: string): { language: Language; terms: Set<string> } {
  const language = detectLanguage(user);
  return { language, terms: new Set(analyze(user, language)) };
}

function similarityTo({ language, terms: x }: { language: Language; terms: Set<string> }, snippet: string): number {
  const y = new Set(analyze(snippet, detectLanguage(snippet, language)));
  if (x.size === 0 || y.size === 0) return 0;
  let shared = 0;
  for (const t of x) if (y.has(t)) shared++;
  const symmetric = shared / Math.max(x.size, y.size);
  if (shared === y.size && y.size >= 2) return Math.max(symmetric, shared / Math.max(y.size, x.size - 1));
  // And the reverse: the snippet's question names one alternative more ("install or embed").
  if (shared === x.size && x.size >= 2) return Math.max(symmetric, shared / Math.max(x.size, y.size - 1));
  return symmetric;
}

/** Streams text in small word groups so widget and SSE clients see the answer grow. */
function stream(text: string, onDelta: (d: string) => void): void {
  const pieces = text.match(/\S+\s*/g) ?? [];
  for (let i = 0; i < pieces.length; i += 4) onDelta(pieces.slice(i, i + 4).join(''));
}

/** A citation that lands on the section (sourceRef adds the chunk's anchor to the page URL). */
const cite = (passage: Passage): SourceRef => sourceRef(passage);

/** "Title › Heading" of a section, for a suggestion line. */
const where = (p: Passage) => [p.title, ...p.headings.slice(-1)].filter(Boolean).join(' › ');

function languageName(code: Language, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** "This source is in English." after an answer quoted from a page in another language than the visitor's. */
function sourceLanguageNote(passage: Passage, locale: string): string {
  if (!passage.language || passage.language === locale) return '';
  return `\n\n${agentText(locale, 'sourceLanguage', { language: languageName(passage.language, locale) })}`;
}

export function createOfflineAnswerer(options: OfflineOptions = {}) {
  const directMatch = options.directMatch ?? 0.7;
  const decision: DecisionOptions = { ...DEFAULT_DECISION, ...options.decision };

  /**
   * The reply, synchronous: its text streams in the same task as the typing indicator it makes
   * redundant (widget/outbound.ts). `measured` is the stability signal once probed; until then, a
   * decision it could change sets `diagnostics.probe` and the caller replies again with its value.
   */
  function reply(input: AnswerInput, diagnostics: Diagnostics, measured?: number): AnswerOutput {
    const question = input.query ?? retrievalQuery(input.question, input.history);
    const locale: string =
      GREETING_LANGUAGE[input.question.trim().toLowerCase().replace(/[\s!.,]+$/, '')] ?? evidentLanguage(input.question) ?? input.locale ?? detectLanguage(input.question);
    if (GREETING.test(input.question.trim()) || tokenize(question).length === 0) {
      return { content: agentText(locale, 'askQuestion'), sources: [], offer_handoff: false, outcome: 'answer' };
    }
    // 1. A snippet written as the answer to this very question.
    let direct: { passage: Passage; sim: number } | null = null;
    let user: ReturnType<typeof userTerms> | undefined;
    for (const passage of input.passages) {
      if (!passage.question) continue;
      const sim = similarityTo((user ??= userTerms(input.question)), passage.question);
      if (sim >= directMatch && (!direct || sim > direct.sim)) direct = { passage, sim };
    }
    if (direct) {
      diagnostics.outcome = 'answer';
      const content = direct.passage.text.trim() + sourceLanguageNote(direct.passage, locale);
      return { content, sources: [cite(direct.passage)], offer_handoff: false, outcome: 'answer' };
    }

    // 2. How sure retrieval's best section is. Search-table rows (no retrieval signals) are judged
    // on their own first: a row that matches the question answers it.
    const rows = input.passages.filter((p) => p.chunk_id.startsWith('table:'));
    const fromRows = rows.length ? decide(question, rows, decision) : null;
    const knowledge = input.passages.filter((p) => !rows.includes(p));
    const d = fromRows?.outcome === 'answer' ? fromRows : decide(question, knowledge, decision, measured);
    // The stability probe costs a search per concept: only when its value could change the outcome.
    const search = input.search;
    if (d !== fromRows && measured === undefined && search && stabilityMatters(d, decision)) {
      diagnostics.probe = () => stability(question, knowledge, search);
    }
    Object.assign(diagnostics, { outcome: d.outcome, probability: d.probability, features: d.features });
    if (d.outcome === 'no_answer') return { content: agentText(locale, 'noAnswer'), sources: [], offer_handoff: true, outcome: 'no_answer' };
    if (d.outcome === 'suggestions') {
      const lines = d.passages.map((p, i) => `- [${i + 1}] ${where(p)}`);
      const content = `${agentText(locale, 'unsure')}\n\n${lines.join('\n')}\n\n${agentText(locale, 'handoffOffer')}`;
      return { content, sources: d.passages.map(cite), offer_handoff: true, outcome: 'suggestions' };
    }
    const best = d.passages[0];
    const content = `${composeAnswer(best, d.concepts, best.chunk_id.startsWith('table:'))} [1]${sourceLanguageNote(best, locale)}`;
    return { content, sources: [cite(best)], offer_handoff: false, outcome: 'answer' };
  }

  return {
    name: 'offline',
    /** The answer and the figures behind the decision (eval diagnostics). */
    analyse(input: AnswerInput, measured?: number): { output: AnswerOutput; diagnostics: Diagnostics } {
      const diagnostics: Diagnostics = { outcome: 'no_answer', probability: 0, features: null };
      return { output: reply(input, diagnostics, measured), diagnostics };
    },
    /** analyse(), with the stability probe run when the decision asks for it. */
    async analyseProbed(input: AnswerInput): Promise<{ output: AnswerOutput; diagnostics: Diagnostics }> {
      const first = this.analyse(input);
      return first.diagnostics.probe ? this.analyse(input, await first.diagnostics.probe()) : first;
    },
    async answer(input: AnswerInput) {
      // Attached search tables are consulted with the question as a text query; matching rows
      // compete with knowledge passages under the same rules (spec 2.9 search tables).
      const rows: Passage[] = [];
      for (const tool of input.tools) {
        if (tool.kind !== 'table' || !('query' in ((tool.parameters.properties as object) ?? {}))) continue;
        const found = await tool.run({ query: input.query ?? retrievalQuery(input.question, input.history) }, input.signal);
        for (const p of found.passages ?? []) rows.push({ ...p, text: p.text.split('\n\n').slice(0, 3).join('\n\n') });
      }
      const asked = rows.length ? { ...input, passages: [...rows, ...input.passages] } : input;
      // Without a probe nothing is awaited here, so the text follows the typing indicator at once.
      const first = this.analyse(asked);
      let output = first.diagnostics.probe ? this.analyse(asked, await first.diagnostics.probe()).output : first.output;
      if (input.offerHandoff === false) output = withoutHandoff(output); // the guidance does not allow offer_handoff
      stream(output.content, input.onDelta);
      return output;
    },
  };
}
