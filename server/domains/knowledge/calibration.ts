// Per-knowledge-base calibration of the answer decision (docs/knowledge.md "Answers"). How high the
// best passage's BM25 goes depends on the knowledge base (page lengths, how many pages share a
// vocabulary), so an absolute cut-off cannot transfer from one base to another. Instead, once per
// version of the index, questions whose right page is known are made from the knowledge itself
// (a section's heading and first sentence with some words dropped, as a visitor paraphrases) and
// asked, together with off-topic ones (words of two unrelated sections mixed: on topic, but no
// section answers them). What their best passages score is stored with the index (the
// `calibrations` collection, so a restart reuses it) and travels with every passage retrieved, for
// the answerer to read a score relative to this base (agent/offline/decision.ts).
import { createHash } from 'node:crypto';
import type { ParleyStore } from '../../store/index.js';
import type { Passage } from './types.js';
import type { ChunkSet } from './schemas.js';
import type { HybridIndex } from './hybrid-index.js';
import { contentWords } from './analysis/analyzer.js';
import { detectLanguage } from './analysis/language.js';

export interface Calibration {
  /** `index` for the draft's knowledge, `snapshot-v<N>` for a build's. */
  id: string;
  version: number;
  /** Sources and their content hashes the calibration was measured on. */
  fingerprint: string;
  /** Quantiles (0, 0.1, …, 1) of `strength` for pseudo-questions whose right page came first. */
  answered: number[];
  /** The same for off-topic queries. */
  offTopic: number[];
  /** Share of the pseudo-questions whose right page came first: how hard this base is to search. */
  top1: number;
  samples: number;
}

const VERSION = 2;
/** Pseudo-questions per kind: enough for stable quantiles, few enough to take about a second. */
const SAMPLES = 120;
const MAX_WORDS = 7;
/** Below this many pseudo-questions (a handful of snippets) the quantiles say nothing: not attached. */
const MIN_SAMPLES = 20;

/**
 * The best passage's BM25 per unit of the IDF of the question's known concepts: how much of what
 * the question could match the best passage matched, comparable across questions of one base.
 */
export function strength(passages: readonly Passage[]): number {
  const r = passages[0]?.relevance;
  if (!r?.concepts) return 0;
  let mass = 0;
  for (const c of r.concepts) if (c.known) mass += c.idf;
  return mass > 0 ? r.bm25 / mass : 0;
}

/** Where `x` sits between the off-topic median (0) and the answered median (1). */
export function relativeStrength(x: number, calibration: Calibration): number {
  const off = calibration.offTopic[5] ?? 0;
  const on = calibration.answered[5] ?? 0;
  if (on <= off) return x >= on ? 1 : 0;
  return Math.max(-2, Math.min(3, (x - off) / (on - off)));
}

function quantiles(values: number[]): number[] {
  if (values.length === 0) return [];
  const sorted = [...values].sort((a, b) => a - b);
  return Array.from({ length: 11 }, (_, i) => sorted[Math.min(sorted.length - 1, Math.round((i / 10) * (sorted.length - 1)))]!);
}

interface Section {
  source_id: string;
  words: string[];
}

/**
 * Sources in an order that depends on their content only. Source ids are time-ordered with random
 * bits and a crawl adds pages in whatever order they arrive, so ordering by id picked other
 * pseudo-questions on every sync of the same pages, and the same question could be answered in one
 * eval run and suggested in the next.
 */
const byContent = (a: ChunkSet, b: ChunkSet) => (a.url ?? '').localeCompare(b.url ?? '') || a.content_hash.localeCompare(b.content_hash) || a.source_id.localeCompare(b.source_id);

/** Heading and first sentence of each section, as content words, in a stable order. */
function sections(sets: ChunkSet[]): Section[] {
  const out: Section[] = [];
  for (const set of [...sets].sort(byContent)) {
    for (const chunk of set.chunks) {
      const first = chunk.text.split(/(?<=[.!?])\s|\n/).find((s) => s.trim().length > 20) ?? '';
      const text = `${chunk.headings.at(-1) ?? set.title}\n${first}`;
      const words = [...new Set(contentWords(text, detectLanguage(text)))].slice(0, MAX_WORDS);
      if (words.length >= 3) out.push({ source_id: set.source_id, words });
    }
  }
  return out;
}

/** Every `step`-th item, spread over the whole list. */
const spread = <T>(items: T[], count: number): T[] => {
  if (items.length <= count) return items;
  const step = items.length / count;
  return Array.from({ length: count }, (_, i) => items[Math.floor(i * step)]!);
};

export function fingerprintOf(sets: ChunkSet[]): string {
  const h = createHash('sha256').update(String(VERSION));
  for (const s of [...sets].sort((a, b) => a.source_id.localeCompare(b.source_id))) h.update(`${s.source_id}:${s.content_hash}:${s.chunks.length}\n`);
  return h.digest('hex').slice(0, 32);
}

/** Asks the pseudo-questions (lexical half only: no embeddings calls, deterministic). */
export function measure(index: HybridIndex, sets: ChunkSet[]): Calibration {
  const all = sections(sets);
  const picked = spread(all, SAMPLES);
  const answered: number[] = [];
  let first = 0;
  for (const s of picked) {
    // A visitor's paraphrase keeps some of the section's words: every third is dropped.
    const query = s.words.filter((_, i) => i % 3 !== 2).join(' ');
    const passages = index.search(query, null, { limit: 5 });
    if (passages[0]?.source_id !== s.source_id) continue;
    first++;
    answered.push(strength(passages));
  }
  const offTopic: number[] = [];
  const half = Math.floor(all.length / 2);
  for (const [i, a] of picked.entries()) {
    // Two words of one section with two of a section half the base away: known words, no answer.
    const b = all[(all.indexOf(a) + half + i) % all.length]!;
    if (b.source_id === a.source_id) continue;
    const passages = index.search(`${a.words.slice(0, 2).join(' ')} ${b.words.slice(-2).join(' ')}`, null, { limit: 5 });
    if (passages.length) offTopic.push(strength(passages));
  }
  return {
    id: 'index',
    version: VERSION,
    fingerprint: fingerprintOf(sets),
    answered: quantiles(answered),
    offTopic: quantiles(offTopic),
    top1: picked.length ? first / picked.length : 0,
    samples: picked.length,
  };
}

/** An index other than the draft's (a deployment's knowledge): where its calibration is stored, what it holds. */
export interface CalibrationScope {
  id: string;
  sets(): Promise<ChunkSet[]>;
}

/**
 * The stored calibration when it matches the index's content, else a new one, stored. A build whose
 * knowledge is the draft's reuses the draft's calibration (same fingerprint) instead of measuring.
 */
async function loadOrMeasure(store: ParleyStore, projectId: string, index: HybridIndex, scope?: CalibrationScope): Promise<Calibration | null> {
  const sets = scope ? await scope.sets() : ((await store.collection('chunk_sets').list(projectId)) as ChunkSet[]);
  if (sets.length === 0) return null;
  const id = scope?.id ?? 'index';
  const fingerprint = fingerprintOf(sets);
  const calibrations = store.collection('calibrations');
  for (const candidate of scope ? [id, 'index'] : [id]) {
    const stored = (await calibrations.get(projectId, candidate)) as Calibration | undefined;
    if (stored?.version === VERSION && stored.fingerprint === fingerprint) return stored;
  }
  const calibration = { ...measureOnce(index, sets), id };
  await calibrations.put(projectId, calibration);
  return calibration;
}

/**
 * Measurements by content alone (the chunk sets' content hashes in order, whatever their source ids), for
 * the process: the same documents imported again (every demo seeded in a test process, a project
 * copied) measure the same, since the pseudo-questions and the index's answers depend on the text
 * only. Measuring asks a few hundred questions, most of a small project's import time.
 */
const measuredByContent = new Map<string, Calibration>();
const MEASURED_KEPT = 32;

function measureOnce(index: HybridIndex, sets: ChunkSet[]): Calibration {
  const h = createHash('sha256').update(String(VERSION));
  // In the sets' order, as measure() reads them (it samples sections in that order).
  for (const s of sets) h.update(`${s.content_hash}:${s.chunks.length}\n`);
  const key = h.digest('hex');
  const known = measuredByContent.get(key);
  if (known) return { ...known, fingerprint: fingerprintOf(sets) };
  const measured = measure(index, sets);
  if (measuredByContent.size >= MEASURED_KEPT) measuredByContent.delete(measuredByContent.keys().next().value!);
  measuredByContent.set(key, measured);
  return measured;
}

/** Per index: the newest calibration brought up to date for it, and the update running, if any. */
interface State {
  /** Set once the first update for this index has ended (null: nothing to calibrate, or it failed). */
  latest?: Calibration | null;
  running: Promise<Calibration | null>;
}
const states = new WeakMap<HybridIndex, State>();

/**
 * The update path (docs/knowledge.md "Answers"): brings this index's calibration up to date with the
 * knowledge it holds now — the stored one while the content's fingerprint matches, else measured and
 * stored. Called when a sync ends, after snippet and source edits and when a build is made
 * (index-manager.ts `calibrate`), never by a search of an index already calibrated. Updates of one
 * index run one after another, each on the content of its own start.
 */
export function calibrate(store: ParleyStore, projectId: string, index: HybridIndex, scope?: CalibrationScope): Promise<Calibration | null> {
  const state: State = states.get(index) ?? { running: Promise.resolve(null) };
  const run = state.running
    .catch(() => null)
    .then(() => loadOrMeasure(store, projectId, index, scope))
    .then(
      (calibration) => (state.latest = calibration),
      // A failed update (e.g. the app closing) keeps the last good one; the next update tries again.
      () => (state.latest ??= null),
    );
  state.running = run;
  states.set(index, state);
  return run;
}

/**
 * What a search attaches: the newest calibration of this index, without waiting for an update in
 * progress (while a sync runs the index changes page by page; the calibration follows when it ends).
 * Only an index with none yet — just loaded after a start — waits, for its first update, which
 * finds the stored calibration unless the knowledge changed without one being stored.
 */
function calibrationFor(store: ParleyStore, projectId: string, index: HybridIndex, scope?: CalibrationScope): Promise<Calibration | null> | Calibration | null {
  const state = states.get(index);
  if (!state) return calibrate(store, projectId, index, scope);
  return state.latest !== undefined ? state.latest : state.running;
}

/**
 * Attaches this index's calibration to retrieved passages (`relevance.calibration`). A base too
 * small to calibrate gets none, and the decision reads its signals without it.
 */
export async function withCalibration(store: ParleyStore, projectId: string, index: HybridIndex, passages: Passage[], scope?: CalibrationScope): Promise<Passage[]> {
  const calibration = await calibrationFor(store, projectId, index, scope);
  const usable = calibration && calibration.samples >= MIN_SAMPLES && calibration.answered.length > 0 && calibration.offTopic.length > 0;
  if (usable) for (const p of passages) if (p.relevance) p.relevance.calibration = calibration;
  return passages;
}
