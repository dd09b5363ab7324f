// Pluggable embedders for the vector half of the hybrid index (spec 2.11 "chunks with embeddings").
//  - local (default): deterministic hashed features (stemmed words, word bigrams, character trigrams)
//    folded into a fixed-size vector. No model, no network, same output on every machine, so stored
//    vectors stay valid across restarts and the index can be rebuilt without re-embedding.
//  - openai: any OpenAI-compatible POST /embeddings endpoint (config `embeddings`), through the
//    official `openai` client. Configured by the operator, so it is not subject to the crawler's
//    private-address refusal.
// Every stored chunk set records the embedder `id`; a different id at load means "re-embed the
// stored text" (never a re-fetch).
import OpenAI from 'openai';
import type { Config } from '../../config.js';
import { AppError } from '../../errors.js';
import { stem, words, isStopWord } from './text.js';

export interface Embedder {
  /** Identifies the vector space: vectors of different ids are never compared. */
  readonly id: string;
  embed(texts: string[]): Promise<Float32Array[]>;
}

const LOCAL_DIMS = 256;

/** FNV-1a 32-bit: fast, stable across platforms and Node versions. */
function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  // murmur3's finaliser: FNV-1a alone leaves the low bits (the bucket) poorly mixed for short keys.
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

function add(vec: Float32Array, feature: string, weight: number): void {
  const h = fnv1a(feature);
  // The top bit picks the sign, so collisions cancel out on average instead of piling up.
  vec[h % LOCAL_DIMS] += h & 0x80000000 ? -weight : weight;
}

export function localEmbed(text: string): Float32Array {
  const vec = new Float32Array(LOCAL_DIMS);
  let prev: string | null = null;
  for (const w of words(text)) {
    if (isStopWord(w)) {
      prev = null;
      continue;
    }
    const t = stem(w);
    add(vec, `w:${t}`, 1);
    if (prev) add(vec, `b:${prev} ${t}`, 0.5);
    prev = t;
    // Character trigrams meet morphology and typos the stemmer misses ("configuration"/"configure").
    const padded = `#${w}#`;
    const grams = padded.length - 2;
    if (grams > 1) {
      const weight = 0.6 / Math.sqrt(grams);
      for (let i = 0; i < grams; i++) add(vec, `c:${padded.slice(i, i + 3)}`, weight);
    }
  }
  return normalize(vec);
}

export function normalize(vec: Float32Array): Float32Array {
  let sum = 0;
  for (let i = 0; i < vec.length; i++) sum += vec[i] * vec[i];
  if (sum > 0) {
    const inv = 1 / Math.sqrt(sum);
    for (let i = 0; i < vec.length; i++) vec[i] *= inv;
  }
  return vec;
}

export function createLocalEmbedder(): Embedder {
  return {
    id: `local-hash-v1:${LOCAL_DIMS}`,
    async embed(texts) {
      return texts.map(localEmbed);
    },
  };
}

export interface OpenAIEmbedderOptions {
  baseUrl: string;
  apiKey: string;
  model: string;
  timeoutMs?: number;
  batchSize?: number;
}

export function createOpenAIEmbedder(options: OpenAIEmbedderOptions): Embedder {
  const client = new OpenAI({
    baseURL: options.baseUrl,
    // Local OpenAI-compatible servers often need no key; the client insists on a string.
    apiKey: options.apiKey || 'none',
    timeout: options.timeoutMs ?? 30_000,
    maxRetries: 1,
  });
  const batchSize = options.batchSize ?? 64;
  return {
    id: `openai:${options.baseUrl}:${options.model}`,
    async embed(texts) {
      const out: Float32Array[] = [];
      for (let i = 0; i < texts.length; i += batchSize) {
        const batch = texts.slice(i, i + batchSize);
        let res;
        try {
          res = await client.embeddings.create({ model: options.model, input: batch, encoding_format: 'float' });
        } catch (err) {
          throw new AppError('upstream_unavailable', `The embeddings endpoint failed: ${(err as Error).message}`);
        }
        const sorted = [...res.data].sort((a, b) => a.index - b.index);
        if (sorted.length !== batch.length) {
          throw new AppError('upstream_unavailable', `The embeddings endpoint returned ${sorted.length} vectors for ${batch.length} inputs`);
        }
        for (const item of sorted) out.push(normalize(Float32Array.from(item.embedding as number[])));
      }
      return out;
    },
  };
}

export function createEmbedder(config: Pick<Config, 'embeddings'>): Embedder {
  return config.embeddings ? createOpenAIEmbedder(config.embeddings) : createLocalEmbedder();
}

/** Vectors are stored as base64 Float32 (compact JSON, exact round trip). */
export const encodeVector = (v: Float32Array): string => Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString('base64');
export function decodeVector(s: string): Float32Array {
  const buf = Buffer.from(s, 'base64');
  const out = new Float32Array(buf.byteLength / 4);
  new Uint8Array(out.buffer).set(buf);
  return out;
}
