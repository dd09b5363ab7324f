// Deployment builds of a 10k-chunk project (docs/behaviour.md "Deployments and aliases"), through the
// real app and its lowdb files: 1,000 sources of 10 chunks (text and local vectors) are written to the
// store, then POST /deployments is timed three times: the first build, a build of unchanged
// knowledge, and a build after 1% of the sources changed. After each, the app is closed (the store
// compacts its log into its files) and the bytes on disk are compared: "added" is what the build
// grew the data directory by, against the size of the knowledge itself (the chunk_sets files).
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../server/app.js';
import { testConfig } from '../server/config.js';
import { seedDemo } from '../server/demo/seed.js';
import { encodeVector, localEmbed } from '../server/domains/knowledge/embedder.js';
import { newId, now } from '../server/lib/ids.js';

const SOURCES = 1000;
const CHUNKS_PER_SOURCE = 10;
const WORDS = 'order refund shipping parcel invoice account password login delivery return warranty coupon discount subscription plan billing address payment card bank transfer customs tracking courier store pickup exchange size colour stock backorder gift voucher support hours contact phone email chat agent ticket priority upgrade downgrade cancel renew trial export import report team member role permission api key webhook integration widget'.split(' ');

async function bytesOf(dir: string): Promise<number> {
  let total = 0;
  for (const e of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
    const full = join(dir, e.name);
    total += e.isDirectory() ? await bytesOf(full) : (await stat(full)).size;
  }
  return total;
}

function text(seed: number): string {
  let s = seed;
  const out: string[] = [];
  for (let i = 0; i < 70; i++) {
    s = (s * 1664525 + 1013904223) >>> 0;
    out.push(WORDS[s % WORDS.length]!);
  }
  return `${out.join(' ')}.`;
}

export interface BuildFigures {
  chunks: number;
  knowledgeBytes: number;
  firstBuildMs: number;
  firstAddedBytes: number;
  unchangedBuildMs: number;
  unchangedAddedBytes: number;
  changedBuildMs: number;
  changedAddedBytes: number;
  /** From the build request until its index and calibration are ready (unchanged knowledge). */
  indexReadyMs: number;
}

export async function measureBuilds(): Promise<BuildFigures> {
  const dir = await mkdtemp(join(tmpdir(), 'parley-bench-deploy-'));
  const config = testConfig(dir);
  const open = async () => {
    const app = await buildApp(config);
    await app.ready();
    return app;
  };
  try {
    let app = await open();
    const { credentials } = await seedDemo(app.ctx);
    const projectId = credentials!.project_id;
    const headers = { authorization: `Bearer ${credentials!.api_key}` };
    const providerId = newId();
    const sources = app.ctx.store.collection('sources');
    const chunkSets = app.ctx.store.collection('chunk_sets');
    const writeSource = async (i: number, version: number) => {
      const id = `bench-source-${i}`;
      const chunks = Array.from({ length: CHUNKS_PER_SOURCE }, (_, ord) => {
        const body = text(i * 100 + ord + version * 1_000_003);
        return { id: `${id}:${ord}`, ord, headings: [`Topic ${i}`], text: body, vector: encodeVector(localEmbed(body)) };
      });
      const hash = `h${i}-${version}`;
      await chunkSets.put(projectId, { id, project_id: projectId, source_id: id, data_provider_id: providerId, title: `Topic ${i}`, url: `https://docs.example/topic-${i}`, question: null, content_hash: hash, embedder: 'local-hash-v1', chunks });
      const at = now();
      await sources.put(projectId, { id, project_id: projectId, data_provider_id: providerId, kind: 'web_page', key: id, title: `Topic ${i}`, url: `https://docs.example/topic-${i}`, question: null, content: null, audience_id: null, status: 'indexed', error: null, content_hash: hash, chunk_count: CHUNKS_PER_SOURCE, created_at: at, updated_at: at });
    };
    for (let i = 0; i < SOURCES; i++) await writeSource(i, 0);

    const readyMs: number[] = [];
    const build = async (): Promise<number> => {
      const t0 = performance.now();
      const r = await app.inject({ method: 'POST', url: `/v1/projects/${projectId}/deployments`, headers, payload: { note: 'bench' } });
      if (r.statusCode !== 201) throw new Error(`build failed: ${r.statusCode} ${r.body}`);
      const took = performance.now() - t0;
      // The build's index and calibration follow in the background; waiting here joins that same job.
      const { version, knowledge } = r.json();
      await app.ctx.services.knowledge.calibrateSnapshot(projectId, { key: `v${version}`, refs: knowledge });
      readyMs.push(performance.now() - t0);
      return took;
    };
    const settle = async () => {
      await app.close();
      const size = await bytesOf(dir);
      if (process.env.BENCH_VERBOSE) for (const d of await readdir(dir)) console.log(d, await bytesOf(join(dir, d)).catch(async () => (await stat(join(dir, d))).size));
      app = await open();
      return size;
    };

    const before = await settle();
    const knowledgeBytes = await bytesOf(join(dir, 'chunk_sets'));
    const firstBuildMs = await build();
    const afterFirst = await settle();
    const unchangedBuildMs = await build();
    const afterUnchanged = await settle();
    // 1% of the sources change: the draft replaces their chunk sets, so the builds keep the old ones.
    for (let i = 0; i < SOURCES / 100; i++) await changeSource(app, projectId, i);
    const beforeChanged = await settle();
    const changedBuildMs = await build();
    const afterChanged = await settle();
    await app.close();
    return {
      chunks: SOURCES * CHUNKS_PER_SOURCE,
      knowledgeBytes,
      firstBuildMs,
      firstAddedBytes: afterFirst - before,
      unchangedBuildMs,
      unchangedAddedBytes: afterUnchanged - afterFirst,
      changedBuildMs,
      changedAddedBytes: afterChanged - beforeChanged,
      indexReadyMs: readyMs[1]!,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }

  /** A page whose content changed, replaced as ingest.ts does: what a build references is kept first. */
  async function changeSource(app: Awaited<ReturnType<typeof buildApp>>, projectId: string, i: number): Promise<void> {
    const id = `bench-source-${i}`;
    await app.ctx.services.knowledge.snapshots.exclusive(projectId, async () => {
      await app.ctx.services.knowledge.snapshots.preserve(projectId, id);
      const set = await app.ctx.store.collection('chunk_sets').get(projectId, id);
      await app.ctx.store.collection('chunk_sets').put(projectId, { ...set!, content_hash: `${set!.content_hash}-changed`, chunks: set!.chunks.map((c: { text: string }) => ({ ...c, text: `${c.text} updated` })) });
    });
  }
}
