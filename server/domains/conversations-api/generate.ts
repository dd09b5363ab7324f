// POST /v1/projects/{project_id}/conversations/{conversation_id}/generate (spec 4): runs the one agent
// pipeline (docs/architecture.md section 6) and answers `{message: {content, …}, sources: […]}`. With
// `Accept: text/event-stream` it streams the answer as SSE with named events, each with an id:
//   start {stream_id, conversation_id} · delta {delta} · message {message, sources} ·
//   error {error, message[, reason]} · done {}
// A reconnect sends the same request with `Last-Event-ID` and resumes the same generation instead of
// starting a second one. No AI reply due (operator active, trigger block, a tool call waiting for
// approval) → 409 reply_skipped with its `reason`.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { requireApiKey } from '../../http/auth/api-key.js';
import { watchProjectGrant } from '../../http/auth/grant-watch.js';
import { ConversationParams, GenerateResponse } from '../../../shared/schemas/api.js';
import { AppError } from '../../errors.js';
import type { ReplyResult } from '../agent/types.js';
import { createStreamRegistry, formatEvent, type GenerationStream, type StreamRegistry } from './streams.js';
import { createStreamRelay } from '../../cluster/stream-relay.js';

export const GENERATE = ['conversation:read', 'conversation:generate', 'userpool:read'] as const;

function skipped(result: ReplyResult): AppError {
  const why: Record<string, string> = {
    operator_active: 'a human operator handles this conversation',
    blocked: 'a trigger blocked the reply',
    no_user_message: 'there is no user message to answer',
    // Not "none is due": a reply is due, and it goes on once the call is answered (spec 2.9).
    awaiting_approval: "it waits for the visitor's approval of an external tool call, and continues once the call is answered",
    files_noted: 'the assistant already asked the visitor to describe in words the files they sent',
  };
  return new AppError('reply_skipped', `No AI reply: ${why[result.skipped ?? ''] ?? 'none is due'}`, { reason: result.skipped ?? null });
}

function errorBody(err: unknown): { error: string; message: string; [k: string]: unknown } {
  if (err instanceof AppError && err.status < 500) return { error: err.code, message: err.message, ...err.extras };
  if (err instanceof AppError) return { error: err.code, message: 'The answer could not be generated' };
  return { error: 'internal_error', message: 'Something went wrong on our side' };
}

function startGeneration(ctx: AppContext, registry: StreamRegistry, request: FastifyRequest, projectId: string, conversationId: string) {
  const stream = registry.create(projectId, conversationId);
  stream.push('start', { stream_id: stream.id, conversation_id: conversationId });
  ctx.services.agent
    .reply({ projectId, conversationId, signal: stream.signal, onDelta: (delta) => stream.push('delta', { delta }) })
    .then((result) => {
      if (result.message) stream.push('message', { message: result.message, sources: result.sources });
      else stream.push('error', errorBody(skipped(result)));
    })
    .catch((err) => {
      if (stream.signal.aborted) return; // shutdown: nobody is left to tell
      if (!(err instanceof AppError) || err.status >= 500) request.log.error({ err }, 'generation failed');
      stream.push('error', errorBody(err));
    })
    .finally(() => stream.push('done', {}));
  return stream;
}

function pipe(ctx: AppContext, request: FastifyRequest, reply: FastifyReply, registry: StreamRegistry, stream: GenerationStream, afterN: number) {
  reply.hijack();
  const raw = reply.raw;
  raw.writeHead(200, {
    ...(reply.getHeaders() as Record<string, string>),
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
  });
  raw.write('retry: 2000\n\n');
  const heartbeat = setInterval(() => raw.write(': keep-alive\n\n'), 15_000);
  heartbeat.unref();
  let unsubscribe = () => {};
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    clearInterval(heartbeat);
    unsubscribe();
    unwatch();
    untrack();
    if (!raw.writableEnded) raw.end();
  };
  // Server shutdown ends open streams, so app.close() does not wait on a client that never hangs up.
  const untrack = registry.track(end);
  // A key deleted or narrowed, a session ended or a project deleted while the stream is open: a last
  // `error` event with the refusal a new request would get, then the end (http/auth/grant-watch.ts).
  // It has no id: it belongs to this response, not to the generation a reconnect resumes.
  const unwatch = watchProjectGrant(ctx, request, stream.projectId, GENERATE, (refusal) => {
    if (ended) return;
    raw.write(`event: error\ndata: ${JSON.stringify({ error: refusal.code, message: refusal.message })}\n\n`);
    end();
  });
  // The client went away: stop writing; the generation goes on and stays resumable. This listens on
  // the *response*: since Node 16 the request's 'close' fires as soon as its (empty) body has been
  // read, which detached every follower before the generation finished and left resumed streams
  // open forever.
  raw.on('close', end);
  unsubscribe = stream.follow(afterN, (e) => {
    if (ended) return;
    raw.write(formatEvent(e));
    if (e.event === 'done') end();
  });
  if (ended) unsubscribe();
}

export function generateRoute(app: FastifyInstance, ctx: AppContext): void {
  const registry = createStreamRegistry();
  // A Last-Event-ID for a generation another instance runs is served from there (cluster/stream-relay.ts).
  const relay = createStreamRelay(ctx, registry);
  ctx.onClose(() => relay.close());
  // preClose runs before the server stops accepting and waits for connections to drain.
  app.addHook('preClose', async () => registry.endAll());
  ctx.onClose(() => registry.close());

  app.post(
    '/v1/projects/:project_id/conversations/:conversation_id/generate',
    {
      preHandler: requireApiKey(ctx, GENERATE),
      schema: {
        summary: 'Generate the AI answer to the conversation',
        description:
          'No body. Runs the agent and returns the stored assistant message with its sources. ' +
          'With `Accept: text/event-stream` the answer streams as SSE (events start, delta, message, error, done, each with an id); ' +
          'reconnect with `Last-Event-ID` to resume the same generation.',
        tags: ['conversations'],
        params: ConversationParams,
        response: { 200: GenerateResponse },
      },
    },
    async (request, reply) => {
      const { project_id, conversation_id } = request.params as { project_id: string; conversation_id: string };
      const wantsStream = String(request.headers.accept ?? '').includes('text/event-stream');
      const lastEventId = request.headers['last-event-id'];
      if (wantsStream && typeof lastEventId === 'string' && lastEventId !== '') {
        const parsed = registry.parseLastEventId(lastEventId);
        const stream = parsed && (registry.get(parsed.streamId) ?? (await relay.follow(parsed.streamId, parsed.n, project_id, conversation_id)));
        if (!parsed || !stream || stream.projectId !== project_id || stream.conversationId !== conversation_id) {
          throw new AppError('not_found', 'This stream ended too long ago or never existed; request a new generation without Last-Event-ID');
        }
        return pipe(ctx, request, reply, registry, stream, parsed.n);
      }
      await ctx.services.conversations.require(project_id, conversation_id);
      if (wantsStream) return pipe(ctx, request, reply, registry, startGeneration(ctx, registry, request, project_id, conversation_id), 0);
      const result = await ctx.services.agent.reply({ projectId: project_id, conversationId: conversation_id });
      if (!result.message) throw skipped(result);
      return { message: result.message, sources: result.sources };
    },
  );
}
