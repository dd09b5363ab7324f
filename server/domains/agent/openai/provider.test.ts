// The OpenAI-compatible provider against a scripted server on 127.0.0.1: streaming, numbered
// citations, a tool-call round-trip, the iteration cap, and failing endpoints.
import { afterEach, describe, expect, it } from 'vitest';
import { createServer } from 'node:net';
import type { Passage } from '../../knowledge/types.js';
import type { AgentTool } from '../provider.js';
import { AppError } from '../../../errors.js';
import { DONT_KNOW } from '../offline/answerer.js';
import { createOpenAiProvider } from './provider.js';
import { startScriptedLlm, type ScriptedLlm } from './scripted-llm.fixture.js';

const passage = (id: string, title: string, text: string): Passage => ({
  chunk_id: `c-${id}`, source_id: `s-${id}`, title, url: `https://docs.example/${id}`, headings: ['Guide'], text, score: 1,
});
const LOGGING = passage('logging', 'Logging', 'Fastify uses Pino as its logger. Enable it with logger: true.');
const HOOKS = passage('hooks', 'Hooks', 'onRequest is the first hook of the request lifecycle.');

let llm: ScriptedLlm | null = null;
afterEach(async () => {
  await llm?.close();
  llm = null;
});

const config = (baseUrl: string, timeoutMs = 5000) => ({ baseUrl, apiKey: 'sk-test-upstream', model: 'scripted-model', timeoutMs });

function knowledgeTool(passages: Passage[], queries: string[]): AgentTool {
  return {
    name: 'search_knowledge',
    description: 'search',
    parameters: { type: 'object', properties: { query: { type: 'string' } } },
    async run(args) {
      queries.push(String(args.query));
      return { content: '', passages };
    },
  };
}

async function answer(provider: ReturnType<typeof createOpenAiProvider>, passages: Passage[], tools: AgentTool[] = []) {
  const deltas: string[] = [];
  const out = await provider.answer({
    projectId: 'p', question: 'How do I enable logging?', history: [{ role: 'user', content: 'hello' }, { role: 'assistant', content: 'Hi!' }],
    passages, tools, onDelta: (d) => deltas.push(d),
  });
  return { out, deltas };
}

describe('OpenAI-compatible provider', () => {
  it('streams the answer, sends numbered sources and records the cited ones', async () => {
    llm = await startScriptedLlm([{ text: ['Fastify logs ', 'with Pino; set ', '`logger: true` [2].'] }]);
    const { out, deltas } = await answer(createOpenAiProvider(config(llm.baseUrl)), [HOOKS, LOGGING]);
    expect(deltas).toEqual(['Fastify logs ', 'with Pino; set ', '`logger: true` [2].']);
    // Renumbered by first use: the only cited source becomes [1].
    expect(out.content).toBe('Fastify logs with Pino; set `logger: true` [1].');
    expect(out.sources).toMatchObject([{ source_id: 's-logging', title: 'Logging', url: 'https://docs.example/logging' }]);
    expect(out.offer_handoff).toBe(false);

    const req = llm.requests[0];
    expect(req.path).toBe('/v1/chat/completions');
    expect(req.headers.authorization).toBe('Bearer sk-test-upstream');
    expect(req.body).toMatchObject({ model: 'scripted-model', stream: true });
    const system = req.body.messages.filter((m: { role: string }) => m.role === 'system').map((m: { content: string }) => m.content).join('\n');
    expect(system).toContain('[1] Hooks › Guide');
    expect(system).toContain('[2] Logging › Guide\nhttps://docs.example/logging\nFastify uses Pino');
    expect(req.body.messages.at(-1)).toEqual({ role: 'user', content: 'How do I enable logging?' });
    expect(req.body.messages.slice(1, 3)).toEqual([{ role: 'user', content: 'hello' }, { role: 'assistant', content: 'Hi!' }]);
  });

  it('runs a tool call round-trip and cites what the tool found', async () => {
    llm = await startScriptedLlm([
      { toolCalls: [{ id: 'call_1', name: 'search_knowledge', args: ['{"que', 'ry": "pino logger"}'] }] },
      { text: ['Use Pino [2].'] },
    ]);
    const queries: string[] = [];
    const { out } = await answer(createOpenAiProvider(config(llm.baseUrl)), [HOOKS], [knowledgeTool([LOGGING], queries)]);
    expect(queries).toEqual(['pino logger']);
    expect(out.content).toBe('Use Pino [1].');
    expect(out.sources.map((s) => s.source_id)).toEqual(['s-logging']);

    expect(llm.requests).toHaveLength(2);
    expect(llm.requests[0].body.tools[0]).toMatchObject({ type: 'function', function: { name: 'search_knowledge' } });
    const second = llm.requests[1].body.messages;
    expect(second.at(-2)).toMatchObject({ role: 'assistant', tool_calls: [{ id: 'call_1', function: { name: 'search_knowledge', arguments: '{"query": "pino logger"}' } }] });
    expect(second.at(-1)).toMatchObject({ role: 'tool', tool_call_id: 'call_1' });
    expect(second.at(-1).content).toContain('[2] Logging');
  });

  it('marks offer_handoff when the model calls the handoff tool', async () => {
    llm = await startScriptedLlm([
      { toolCalls: [{ id: 'h', name: 'offer_handoff', args: ['{}'] }] },
      { text: ['I am not sure; a teammate can help.'] },
    ]);
    const handoff: AgentTool = { name: 'offer_handoff', description: 'handoff', parameters: { type: 'object' }, run: async () => ({ content: 'ok', handoff: true }) };
    const { out } = await answer(createOpenAiProvider(config(llm.baseUrl)), [], [handoff]);
    expect(out.offer_handoff).toBe(true);
    expect(out.content).toBe('I am not sure; a teammate can help.');
  });

  it('stops the tool loop at the iteration cap and then forbids tools', async () => {
    llm = await startScriptedLlm([], { toolCalls: [{ id: 'again', name: 'search_knowledge', args: ['{"query":"x"}'] }] });
    const queries: string[] = [];
    const { out } = await answer(createOpenAiProvider(config(llm.baseUrl), { maxToolRounds: 3 }), [], [knowledgeTool([HOOKS], queries)]);
    expect(queries).toHaveLength(3);
    expect(llm.requests).toHaveLength(4);
    expect(llm.requests.slice(0, 3).map((r) => r.body.tool_choice)).toEqual(['auto', 'auto', 'auto']);
    expect(llm.requests[3].body.tool_choice).toBe('none');
    // The model still produced no text: an honest refusal with a human offered.
    expect(out).toEqual({ content: DONT_KNOW, sources: [], offer_handoff: true });
  });

  it('reports a down endpoint, an upstream error and a timeout as upstream_unavailable', async () => {
    const closed = await new Promise<number>((resolve) => {
      const s = createServer().listen(0, '127.0.0.1', () => {
        const port = (s.address() as { port: number }).port;
        s.close(() => resolve(port));
      });
    });
    const down = answer(createOpenAiProvider(config(`http://127.0.0.1:${closed}/v1`), { maxRetries: 0 }), [LOGGING]);
    await expect(down).rejects.toBeInstanceOf(AppError);
    await expect(down).rejects.toMatchObject({ code: 'upstream_unavailable', status: 502 });

    llm = await startScriptedLlm([{ status: 500 }, { status: 500 }]);
    await expect(answer(createOpenAiProvider(config(llm.baseUrl), { maxRetries: 1 }), [LOGGING])).rejects.toMatchObject({
      code: 'upstream_unavailable',
      extras: { upstream_status: 500 },
    });
    expect(llm.requests).toHaveLength(2);

    llm.script.push({ hang: true });
    await expect(answer(createOpenAiProvider(config(llm.baseUrl, 300), { maxRetries: 0 }), [LOGGING])).rejects.toMatchObject({
      code: 'upstream_unavailable',
    });
  });
});
