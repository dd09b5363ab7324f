// bench:first-question — the first question in each language after a fresh start (the
// first German question once took 21 s while its dictionary was parsed; wanted ≤ 200 ms). Starts
// the real entry point (server/main.ts) on a temp data folder as `npm start` does, waits until it
// reports ready, then asks the demo project one question per language through POST
// …/conversations + …/generate and prints each generate's round trip. Prints figures only.
// Last line: first_question_max_ms=… (over de, es, fr, it, pt, nl).
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { startServerProcess } from '../server/testing/server-process.js';
import { parleyApi } from '../eval/parley-api.js';

const QUESTIONS: [string, string][] = [
  ['en', 'How do I install the widget on my website?'],
  ['de', 'Wie installiere ich das Widget auf meiner Webseite?'],
  ['es', '¿Cómo instalo el widget en mi sitio web?'],
  ['fr', 'Comment installer le widget sur mon site ?'],
  ['it', 'Come installo il widget sul mio sito?'],
  ['pt', 'Como instalo o widget no meu site?'],
  ['nl', 'Hoe installeer ik de widget op mijn website?'],
];

const dir = await mkdtemp(join(tmpdir(), 'parley-first-question-'));
const started = performance.now();
const server = startServerProcess({ DATA_DIR: dir });
try {
  const base = await server.ready;
  console.log(`ready after ${Math.round(performance.now() - started)} ms (start, demo seed and language warm-up)`);
  const creds = JSON.parse(await readFile(join(dir, 'demo-credentials.json'), 'utf8')) as { api_key: string; project_id: string };
  const api = parleyApi(base, creds.api_key, creds.project_id);
  let max = 0;
  for (const [lang, question] of QUESTIONS) {
    const conv = await api.startConversation(`bench-${lang}`, question);
    const { ms, reply } = await api.generate(conv.id);
    if (lang !== 'en') max = Math.max(max, ms);
    console.log(`${lang} ${Math.round(ms)} ms ${reply.message.outcome ?? ''} ${question}`);
  }
  console.log(`first_question_max_ms=${Math.round(max)}`);
} finally {
  server.child.kill('SIGTERM');
  await server.exited;
  await rm(dir, { recursive: true, force: true });
}
