// `npm run eval -- --llm` (docs/eval.md "With your own model"): the kettle set answered by a
// scripted OpenAI-compatible server on 127.0.0.1, the only fake (docs/architecture.md section 9).
// The script reads the numbered sources in each prompt as a model would and cites a right page
// for the tuning questions, a wrong page for the held-out ones, and offers a person for the
// unanswerable ones; the eval must score exactly that. The offline answerer would answer held-out
// questions rightly and never cite a wrong page, so a run that silently stayed offline fails.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startScriptedLlm, type ScriptedLlm, type Step } from '../../server/domains/agent/openai/scripted-llm.fixture.js';
import { KETTLE } from '../../eval/sets/kettle.js';
import type { SetQuestion } from '../../eval/sets/types.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const run = (args: string[], env: NodeJS.ProcessEnv) =>
  promisify(execFile)(process.execPath, ['--import', 'tsx', 'eval/run.ts', ...args], { cwd: root, timeout: 120_000, env });
/** The environment without any model configured by the machine running the tests. */
const cleanEnv = () => Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(OPENAI|EMBEDDINGS)_/.test(k)));

type Choice = 'right' | 'wrong' | 'handoff';
/** What the script chose per question (by question text), read back against the printed figures. */
const chosen = new Map<string, Choice>();
const unknown: string[] = [];

/** The numbered sources of a prompt ("[n] Title › Section\nurl\n…", server/domains/agent/openai/citations.ts) as [n, page]. */
function sourcesOf(body: any): [number, string][] {
  const block = body.messages.find((m: any) => m.role === 'system' && String(m.content).startsWith('Sources for the next question'))?.content ?? '';
  return [...String(block).matchAll(/^\[(\d+)\] .*\nhttp:\/\/127\.0\.0\.1:\d+\/kettle\/([^\s#?]*)/gm)].map((m) => [Number(m[1]), m[2] || 'index.html']);
}

const handoff: Step = { toolCalls: [{ id: 'call-1', name: 'offer_handoff', args: ['{"reason":"not in the sources"}'] }] };

function reply(body: any): Step {
  // After the offer_handoff call: the model tells the visitor, citing nothing.
  if (body.messages.some((m: any) => m.role === 'tool')) return { text: ['I could not find that; a person can help.'] };
  const question = body.messages.at(-1).content as string;
  const q: SetQuestion | undefined = KETTLE.questions.find((x) => x.question === question);
  if (!q) {
    unknown.push(question);
    return handoff;
  }
  const wantRight = q.split === 'tune';
  const pick = q.pages.length ? sourcesOf(body).find(([, page]) => q.pages.includes(page) === wantRight) : undefined;
  chosen.set(question, pick ? (wantRight ? 'right' : 'wrong') : 'handoff');
  if (!pick) return handoff;
  return { text: ['Here is what the page says', ` [${pick[0]}].`] };
}

let llm: ScriptedLlm;
beforeAll(async () => {
  llm = await startScriptedLlm([], reply);
});
afterAll(() => llm.close());

describe('npm run eval -- --llm', () => {
  it('fails with one line, before any work, when OPENAI_BASE_URL is unset', async () => {
    const err = await run(['--llm', '--sets=kettle'], cleanEnv()).then(() => null, (e) => e);
    expect(err?.code).toBe(1);
    expect(err.stdout).toBe('');
    expect(err.stderr.trim()).toMatch(/^--llm needs OPENAI_BASE_URL [^\n]+$/);
  });

  it('answers the kettle set with the configured model and scores its citations as the offline run does', async () => {
    const { stdout } = await run(['--llm', '--sets=kettle'], { ...cleanEnv(), OPENAI_BASE_URL: llm.baseUrl, OPENAI_MODEL: 'scripted-model', OPENAI_API_KEY: 'sk-eval' });
    const lines = stdout.trim().split('\n');
    expect(lines[0]).toBe(`answerer: llm model=scripted-model endpoint=${llm.baseUrl} timeout_ms=30000 embeddings=local`);
    expect(stdout).not.toContain('sk-eval');

    // Every question reached the model, with the configured model name and key.
    const completions = llm.requests.filter((r) => r.path.endsWith('/chat/completions'));
    expect(completions.length).toBeGreaterThanOrEqual(KETTLE.questions.length);
    expect(completions.every((r) => r.body.model === 'scripted-model' && r.headers.authorization === 'Bearer sk-eval')).toBe(true);
    expect(unknown).toEqual([]);
    expect(chosen.size).toBe(KETTLE.questions.length);

    const count = (split: string, choice: Choice) => KETTLE.questions.filter((q) => q.split === split && chosen.get(q.question) === choice).length;
    const answerable = (split: string) => KETTLE.questions.filter((q) => q.split === split && q.pages.length > 0).length;
    const figure = (label: string, name: string) => {
      const line = lines.find((l) => l.startsWith(`${label}: `));
      return new RegExp(` ${name}=(\\S+)`).exec(line ?? '')?.[1];
    };
    const rate = (n: number, d: number) => (n / d).toFixed(3);
    // Citing a right page is an answer; citing only a wrong one is a wrong answer, never an answer.
    expect(count('tune', 'right')).toBeGreaterThan(0);
    expect(count('held-out', 'wrong')).toBeGreaterThan(0);
    expect(figure('kettle tune', 'answer_rate')).toBe(rate(count('tune', 'right'), answerable('tune')));
    expect(figure('kettle tune', 'wrong_answer_rate')).toBe('0.000');
    expect(figure('kettle held-out', 'answer_rate')).toBe('0.000');
    expect(figure('kettle held-out', 'wrong_answer_rate')).toBe(rate(count('held-out', 'wrong'), answerable('held-out')));
    // Offering a person is the plain no-answer, which refuses an unanswerable question.
    for (const split of ['tune', 'held-out']) {
      expect(figure(`kettle ${split}`, 'refusal_rate')).toBe('1.000');
      expect(figure(`kettle ${split}`, 'no_answer_rate')).toBe('1.000');
    }

    const headline = lines.at(-1);
    expect(headline).toMatch(/^hit3=\S+ answer_rate=\S+ wrong_answer_rate=\S+ useful_rate=\S+ refusal_rate=\S+ en_answer_rate=\S+ xx_answer_rate=\S+ p50_ms=\S+ answerer=llm$/);
  }, 120_000);
});
