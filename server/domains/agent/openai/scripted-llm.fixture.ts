// A scripted OpenAI-compatible server on 127.0.0.1 for tests (docs/architecture.md section 9: fakes only at the
// edges). Each POST /chat/completions takes the next step of the script: streamed SSE chunks (text
// and/or tool calls), an HTTP error, or a hang. Requests are recorded for assertions.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Step =
  /** Decides from the request body, as a model reading its prompt would. */
  | ((body: any) => Step)
  | { text?: string[]; toolCalls?: { id: string; name: string; args: string[] }[] }
  | { status: number; body?: unknown }
  | { hang: true };

export interface ScriptedLlm {
  baseUrl: string;
  requests: { path: string; headers: IncomingMessage['headers']; body: any }[];
  /** Steps still to serve; when empty, `fallback` is served. */
  script: Step[];
  fallback: Step;
  close(): Promise<void>;
}

function chunk(delta: object, finish: string | null = null) {
  return `data: ${JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 0, model: 'scripted', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
}

export async function startScriptedLlm(script: Step[] = [], fallback: Step = { text: ['OK'] }): Promise<ScriptedLlm> {
  const state: ScriptedLlm = { baseUrl: '', requests: [], script, fallback, close: async () => {} };
  const open = new Set<import('node:http').ServerResponse>();
  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (d) => (raw += d));
    req.on('end', () => {
      let body: any = null;
      try {
        body = JSON.parse(raw || 'null');
      } catch {
        body = raw;
      }
      state.requests.push({ path: req.url ?? '', headers: req.headers, body });
      if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
        res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'not found' } }));
        return;
      }
      let step = state.script.shift() ?? state.fallback;
      while (typeof step === 'function') step = step(body);
      if ('hang' in step) {
        open.add(res);
        res.on('close', () => open.delete(res));
        return;
      }
      if ('status' in step) {
        res.writeHead(step.status, { 'content-type': 'application/json' }).end(JSON.stringify(step.body ?? { error: { message: 'scripted failure' } }));
        return;
      }
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
      res.write(chunk({ role: 'assistant', content: '' }));
      for (const piece of step.text ?? []) res.write(chunk({ content: piece }));
      (step.toolCalls ?? []).forEach((call, index) => {
        call.args.forEach((argPiece, i) => {
          const fn = i === 0 ? { name: call.name, arguments: argPiece } : { arguments: argPiece };
          res.write(chunk({ tool_calls: [{ index, ...(i === 0 ? { id: call.id, type: 'function' } : {}), function: fn }] }));
        });
      });
      res.write(chunk({}, step.toolCalls?.length ? 'tool_calls' : 'stop'));
      res.end('data: [DONE]\n\n');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  state.close = () =>
    new Promise<void>((resolve) => {
      for (const res of open) res.destroy();
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return state;
}
