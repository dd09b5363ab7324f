// The offline answerer (DESIGN.md section 6, step 5): deterministic, no network.
//   - a snippet whose question matches the user's question well → its answer, verbatim;
//   - otherwise the best sentences of the best passages, each group cited [n] → sources[n-1];
//   - below the confidence threshold: a plain "I don't know" with offer_handoff (spec 2.9).
// Confidence is lexical: how much of the question's content the best passage covers. Retrieval
// scores are fused ranks, comparable only within one query, so they order passages but never
// decide whether to answer.
import type { Passage } from '../../knowledge/types.js';
import type { SourceRef } from '../../../../shared/schemas/entities.js';
import { sourceRef, type AnswerInput, type AnswerOutput } from '../provider.js';
import { contentTerms, isSmallTalk, isWeakTerm, termSet, termWeight, units } from './text.js';
import { retrievalQuery } from '../query.js';

export interface OfflineOptions {
  /** Share of the question's content terms the best passage must contain to answer. */
  minCoverage?: number;
  /** Question-to-snippet-question similarity for a direct FAQ answer. */
  directMatch?: number;
  /** Sentences in an extracted answer. */
  maxSentences?: number;
  /** Characters in an extracted answer. */
  maxChars?: number;
  /** Passages considered for sentences. */
  maxPassages?: number;
  /** Share of the question the best sentence (with its headings) must cover. */
  minSupport?: number;
}

export interface Diagnostics {
  /** Best passage coverage of the question (or of two passages together). */
  confidence: number;
  /** Best sentence coverage, counting its passage's title and headings. */
  support: number;
}

export const DONT_KNOW =
  "I'm sorry, I don't know the answer to that from the information I have. Would you like me to connect you with a person from our team?";
export const ASK_A_QUESTION = 'Hello! What would you like to know? Ask me a question and I will look it up.';

interface Scored {
  passage: Passage;
  rank: number;
  coverage: number;
  /** Coverage by title, headings and snippet question alone: breaks ties towards on-topic pages. */
  topic: number;
}

/** Weighted share of the query's terms present in `terms` (see termWeight). */
function coverage(query: string[], terms: Set<string>): number {
  let total = 0;
  let hit = 0;
  for (const term of new Set(query)) {
    const w = termWeight(term);
    total += w;
    if (terms.has(term)) hit += w;
  }
  return total === 0 ? 0 : hit / total;
}

function passageTerms(p: Passage): Set<string> {
  return termSet(`${p.title}\n${p.headings.join('\n')}\n${p.text}`);
}

/**
 * How well a user's question matches a snippet's question: symmetric overlap, except that a user
 * question containing every word of the snippet's question plus a little more ("How do I embed the
 * widget on my site?" vs "How do I embed the widget?") counts as a match with one extra word free.
 */
export function questionSimilarity(user: string, snippet: string): number {
  const x = termSet(user);
  const y = termSet(snippet);
  if (x.size === 0 || y.size === 0) return 0;
  let shared = 0;
  for (const t of x) if (y.has(t)) shared++;
  const symmetric = shared / Math.max(x.size, y.size);
  if (shared === y.size && y.size >= 2) return Math.max(symmetric, shared / Math.max(y.size, x.size - 1));
  return symmetric;
}

const clean = (s: string) =>
  s
    .replace(/^#{1,6}\s+/, '')
    .replace(/^\s*[-*+|]\s+/, '')
    .trim();

/** The natural-language comments of a code block: `# …` and `// …` (whole-line or trailing) and doc-comment lines. */
export function codeComments(code: string): string {
  const out: string[] = [];
  for (const line of code.split('\n')) {
    const m = /(?:^|\s)(?:#|\/\/)\s+(.+)$/.exec(line) ?? /^\s*(?:\/\*\*?|\*)\s+(.+?)(?:\*\/)?$/.exec(line);
    if (m) out.push(m[1]);
  }
  return out.join('\n');
}

/** Streams text in small word groups so widget and SSE clients see the answer grow. */
function stream(text: string, onDelta: (d: string) => void): void {
  const pieces = text.match(/\S+\s*/g) ?? [];
  for (let i = 0; i < pieces.length; i += 4) onDelta(pieces.slice(i, i + 4).join(''));
}

export function createOfflineAnswerer(options: OfflineOptions = {}) {
  const minCoverage = options.minCoverage ?? 0.75;
  const directMatch = options.directMatch ?? 0.7;
  const maxSentences = options.maxSentences ?? 3;
  const maxChars = options.maxChars ?? 700;
  const maxPassages = options.maxPassages ?? 3;
  const minSupport = options.minSupport ?? 0.5;

  function decide(input: AnswerInput, diagnostics: Diagnostics): AnswerOutput {
    // A short follow-up ("how long?") is read together with the previous question, as retrieval did.
    const query = contentTerms(retrievalQuery(input.question, input.history));
    if (query.length === 0 || isSmallTalk(input.question)) return { content: ASK_A_QUESTION, sources: [], offer_handoff: false };

    // 1. Direct FAQ answer from a snippet carrying a question.
    let direct: { passage: Passage; sim: number } | null = null;
    for (const passage of input.passages) {
      if (!passage.question) continue;
      const sim = questionSimilarity(input.question, passage.question);
      if (sim >= directMatch && (!direct || sim > direct.sim)) direct = { passage, sim };
    }
    if (direct) return { content: direct.passage.text.trim(), sources: [sourceRef(direct.passage)], offer_handoff: false };

    // 2. Confidence: the best-covering passage among the top ones.
    const scored: Scored[] = input.passages.map((passage, rank) => ({
      passage,
      rank,
      coverage: coverage(query, passageTerms(passage)),
      topic: coverage(query, termSet([passage.title, ...passage.headings, passage.question ?? ''].join(' '))),
    }));
    const order = (a: Scored, b: Scored) => b.coverage - a.coverage || b.topic - a.topic || a.rank - b.rank;
    const ranked = [...scored].sort(order);
    const best = ranked[0];
    // A two-part question may be covered by two passages together, each covering a good part.
    const second = ranked[1];
    const pair =
      best && second && second.coverage >= minCoverage * 0.6
        ? coverage(query, new Set([...passageTerms(best.passage), ...passageTerms(second.passage)])) - 0.05
        : 0;
    const confidence = Math.max(best?.coverage ?? 0, pair);
    diagnostics.confidence = confidence;
    if (!best || confidence < minCoverage) return { content: DONT_KNOW, sources: [], offer_handoff: true };
    // A question with one meaningful word ("pricing?", "how do I add my own documents?") is only
    // answered by a passage about that word, not by one that mentions it in passing, unless a code
    // comment says the whole question ("npm test  # run every test" for "how do I run the tests?"):
    // prose that happens to hold both words ("start URLs … server config") is not enough.
    const strong = new Set(query.filter((t) => !isWeakTerm(t)));
    const oneWord = strong.size <= 1 && best.topic === 0;
    let commentSupport = 0;

    // 3. Sentences from passages that are nearly as good as the best one, best first.
    const usable = scored
      .filter((s) => s.coverage >= Math.min(minCoverage * 0.6, best.coverage - 0.25) || s === best)
      .sort(order)
      .slice(0, maxPassages);
    const querySet = new Set(query);
    interface Candidate { text: string; kind: 'prose' | 'code'; passageIndex: number; order: number; score: number; item: boolean; covers: string[] }
    const candidates: Candidate[] = [];
    const byPosition = new Map<string, Candidate>();
    usable.forEach((s, passageIndex) => {
      const heading = termSet([s.passage.title, ...s.passage.headings].join(' '));
      units(s.passage.text).forEach((unit, order) => {
        if (unit.kind === 'heading') return;
        const text = unit.kind === 'prose' ? clean(unit.text) : unit.text;
        if (text.length < 12 || (unit.kind === 'code' && text.length > 600)) return;
        const terms = termSet(text);
        let matched = 0;
        for (const t of querySet) if (terms.has(t)) matched += termWeight(t);
        // Sentences covering the question directly beat ones riding on their heading's match;
        // prose explains better than a bare code block.
        let headingOnly = 0;
        for (const t of querySet) if (!terms.has(t) && heading.has(t)) headingOnly += termWeight(t) * 0.3;
        // A code block's comments are prose, though: they score in full.
        let commented = 0;
        if (unit.kind === 'code') {
          const comments = termSet(codeComments(text));
          for (const t of querySet) if (comments.has(t)) commented += termWeight(t);
        }
        const base = unit.kind === 'code' ? Math.max(matched * 0.6, commented) : matched;
        const score = base + headingOnly - passageIndex * 0.5 - order * 0.05 - Math.max(0, text.length - 300) / 300;
        const item = unit.kind === 'prose' && /^\s*([-*+]|\d+\.|\|)\s/.test(unit.text);
        const covers = [...querySet].filter((t) => terms.has(t));
        const candidate: Candidate = { text, kind: unit.kind, passageIndex, order, score, item, covers };
        byPosition.set(`${passageIndex}:${order}`, candidate);
        if (matched === 0) return;
        // Support comes from prose, and from the comments of code ("npm test  # run every test"):
        // a comment is the author's own sentence about that line, identifiers alone are not.
        const said = unit.kind === 'prose' ? terms : termSet(codeComments(text));
        if (said.size > 0) diagnostics.support = Math.max(diagnostics.support, coverage(query, new Set([...said, ...heading])));
        if (unit.kind === 'code' && new Set(query).size >= 2) commentSupport = Math.max(commentSupport, coverage(query, said));
        candidates.push(candidate);
      });
    });
    // No single sentence speaks to enough of the question: the passage only shares words with it.
    if (diagnostics.support < minSupport || (oneWord && commentSupport < 1)) return { content: DONT_KNOW, sources: [], offer_handoff: true };
    candidates.sort((a, b) => b.score - a.score);
    const chosen: Candidate[] = [];
    const covered = new Set<string>();
    let length = 0;
    for (const c of candidates) {
      if (chosen.length >= maxSentences) break;
      if (length > 0 && length + c.text.length > maxChars) continue;
      // After the best unit, a sentence earns its place by covering a part of the question not yet
      // covered, or by continuing a chosen one (the next sentence, or the example just after it);
      // otherwise it only shares a word ("data:" in a CSP list for "back up my data").
      const continues = chosen.some(
        (x) => x.passageIndex === c.passageIndex && (Math.abs(x.order - c.order) === 1 || (c.kind === 'code' && x.kind === 'prose' && c.order > x.order && c.order - x.order <= 2)),
      );
      if (chosen.length > 0 && !continues && c.covers.every((t) => covered.has(t))) continue;
      chosen.push(c);
      for (const t of c.covers) covered.add(t);
      length += c.text.length;
    }
    // A chosen sentence that introduces an example ("… as follows:") brings the example along.
    for (const c of [...chosen]) {
      const next = byPosition.get(`${c.passageIndex}:${c.order + 1}`);
      if (c.text.endsWith(':') && next?.kind === 'code' && !chosen.includes(next) && length + next.text.length <= maxChars * 1.5) {
        chosen.push(next);
        length += next.text.length;
      }
    }
    if (chosen.length === 0) return { content: DONT_KNOW, sources: [], offer_handoff: true };

    // 4. Keep reading order within a passage; number sources by first use.
    chosen.sort((a, b) => a.passageIndex - b.passageIndex || a.order - b.order);
    const sources: SourceRef[] = [];
    const numberOf = new Map<string, number>();
    const groups: string[] = [];
    let current: { index: number; parts: Candidate[] } | null = null;
    // Code as a fenced block; list items and table rows each on a line of their own; prose runs on.
    const render = (c: Candidate) => (c.kind === 'code' ? `\`\`\`\n${c.text}\n\`\`\`` : c.item ? `- ${c.text}` : c.text);
    const separator = (a: Candidate, b: Candidate) =>
      a.kind === 'code' || b.kind === 'code' || a.item !== b.item ? '\n\n' : a.item ? '\n' : ' ';
    const flush = () => {
      if (!current) return;
      const passage = usable[current.index].passage;
      let n = numberOf.get(passage.source_id);
      if (n === undefined) {
        sources.push(sourceRef(passage));
        n = sources.length;
        numberOf.set(passage.source_id, n);
      }
      const parts = current.parts;
      const body = parts.map((c, i) => (i ? separator(parts[i - 1], c) : '') + render(c)).join('');
      groups.push(`${body}${parts.at(-1)!.kind === 'code' ? '\n' : ' '}[${n}]`);
    };
    for (const c of chosen) {
      if (!current || current.index !== c.passageIndex) {
        flush();
        current = { index: c.passageIndex, parts: [] };
      }
      current.parts.push(c);
    }
    flush();
    return { content: groups.join('\n\n'), sources, offer_handoff: false };
  }

  return {
    name: 'offline',
    /** The answer and the figures behind the decision (eval diagnostics). */
    analyse(input: AnswerInput): { output: AnswerOutput; diagnostics: Diagnostics } {
      const diagnostics: Diagnostics = { confidence: 0, support: 0 };
      return { output: decide(input, diagnostics), diagnostics };
    },
    async answer(input: AnswerInput) {
      // Attached search tables are consulted with the question as a text query; matching rows
      // compete with knowledge passages under the same thresholds (spec 2.9 search tables).
      const rows: Passage[] = [];
      for (const tool of input.tools) {
        if (tool.kind !== 'table' || !('query' in ((tool.parameters.properties as object) ?? {}))) continue;
        const found = await tool.run({ query: retrievalQuery(input.question, input.history) }, input.signal);
        for (const p of found.passages ?? []) rows.push({ ...p, text: p.text.split('\n\n').slice(0, 3).join('\n\n') });
      }
      const output = this.analyse(rows.length ? { ...input, passages: [...input.passages, ...rows] } : input).output;
      stream(output.content, input.onDelta);
      return output;
    },
  };
}
