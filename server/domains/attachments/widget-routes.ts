// The widget's side of attachments (docs/attachments.md "In the widget"). A visitor sends a file into
// a conversation their session started (or, before the first message, one the file starts), with the
// channel's limits, and asks for a signed link to each file they see. Authentication as for voice uploads (widget/visitor-http.ts): the server-signed
// device and session tokens in headers, the page Origin among the channel's allowed ones, CORS only for those.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { ErrorSchema } from '../../../shared/schemas/api.js';
import type { Channel } from '../../../shared/schemas/entities.js';
import { VisitorFileOut, VisitorFileParams, VisitorFileQuery, VisitorUploadOut, VisitorUploadQuery } from '../../../shared/schemas/attachments.js';
import { conversationForVisitor } from '../../../shared/visibility.js';
import { newId } from '../../lib/ids.js';
import { summary } from '../conversations/service.js';
import { visitorHttp } from '../widget/visitor-http.js';
import { getDevice, getSession, type DeviceDoc } from '../widget/visitors.js';
import { requireVerifiedVisitor, startVisitorConversation, visitorSessionTokens } from '../widget/first-message.js';
import { RateLimiter, retryMessage } from '../widget/limits.js';
import { operatorsOf } from '../operators/service.js';
import { REPLY_FAILED, replyRunnerOf } from '../widget/agent-runner.js';
import type { AttachmentService, Upload } from './service.js';
import { channelAttachments, MAX_BYTES_CEILING } from './limits.js';

export const VISITOR_UPLOAD_PATH = '/v1/widget/attachments';
/** Files a device may send per minute: a person sends a few screenshots, not a stream. */
const UPLOADS_PER_MINUTE = 10;
const security = [{ visitorDevice: [], visitorSession: [] }];

export async function visitorAttachmentRoutes(app: FastifyInstance, ctx: AppContext, files: AttachmentService) {
  const limiter = new RateLimiter();

  const http = visitorHttp(app, ctx);
  const { channelFor, cors, preflight } = http;

  function takeUpload(projectId: string, deviceId: string) {
    const wait = limiter.take(`files:${projectId}:${deviceId}`, UPLOADS_PER_MINUTE);
    if (wait > 0) throw new AppError('rate_limit_exceeded', retryMessage(wait), { retry_after: wait });
  }

  /**
   * A file before the first message (docs/attachments.md "In the widget"): it is the first message.
   * Checked against the channel's limits before anything is made; then its bytes are written and its
   * record goes into the one transaction that creates the user, session and conversation as a typed
   * first message does (widget/first-message.ts). If that fails the bytes go again: nothing is left.
   * The answer carries the new session's tokens; the widget reconnects with them.
   */
  async function startWithFile(request: FastifyRequest, channel: Channel, query: VisitorUploadQuery, upload: Upload) {
    const visitor = await http.visitorOf(request, channel, 'Files need the visitor tokens the widget received from the gateway');
    await requireVerifiedVisitor(ctx, channel, channel.project_id, visitor.user_id);
    const [device, session] = await Promise.all([
      getDevice(ctx, channel.project_id, visitor.device_id),
      visitor.session_id ? getSession(ctx, channel.project_id, visitor.session_id) : undefined,
    ]);
    const replayed = query.client_id ? await replayFirstFile(channel, visitor.device_id, device, query.client_id) : null;
    if (replayed) return replayed;
    takeUpload(channel.project_id, visitor.device_id);
    const conversationId = newId();
    const staged = await files.stage({ project_id: channel.project_id, id: conversationId }, upload);
    const sender = {
      projectId: channel.project_id, frameId: channel.frame_id, channel, deviceId: visitor.device_id, userId: visitor.user_id, sessionId: visitor.session_id,
      page: session?.page ?? device?.page ?? null,
      locales: session?.locales?.length ? session.locales : device?.locales.length ? device.locales : acceptedLanguages(request.headers['accept-language']),
      attributes: {},
      userAgent: request.headers['user-agent'] ?? null,
    };
    let started;
    try {
      started = await startVisitorConversation(
        ctx,
        sender,
        { content: staged.ref.name, client_id: query.client_id ?? newId(), attachments: [staged.ref] },
        { conversationId, also: (tx, record) => tx.create('attachments', channel.project_id, staged.record(record)) },
      );
    } catch (error) {
      await staged.discard();
      throw error;
    }
    const { record, userId, sessionId } = started;
    const tokens = await visitorSessionTokens(ctx, channel, { device_id: visitor.device_id, user_id: userId, session_id: sessionId });
    askForReply(channel.project_id, record.id);
    return {
      attachment: await files.view(await files.get(channel.project_id, staged.ref.id)),
      message: record.messages[0],
      conversation: conversationForVisitor(summary(record)),
      ...tokens,
    };
  }

  /**
   * The same first file sent again (its answer was lost on the way): the conversation it started, with
   * the same message, file and session tokens, and nothing stored twice. Only for the device that sent
   * it, as for a typed first message sent again (widget/handlers/send.ts, replayFirstSend).
   */
  async function replayFirstFile(channel: Channel, deviceId: string, device: DeviceDoc | undefined, clientId: string) {
    const earlier = device?.first_sends.find((s) => s.client_id === clientId);
    if (!earlier) return null;
    const [session, record] = await Promise.all([
      getSession(ctx, channel.project_id, earlier.session_id),
      ctx.services.conversations.get(channel.project_id, earlier.conversation_id),
    ]);
    const message = record?.messages.find((m) => m.client_id === clientId);
    const ref = message?.attachments?.[0];
    const attachment = ref ? await files.get(channel.project_id, ref.id).catch(() => undefined) : undefined;
    if (!session || session.revoked_at || !record || !message || !attachment) return null;
    const tokens = await visitorSessionTokens(ctx, channel, { device_id: deviceId, user_id: session.user_id, session_id: session.id });
    return { attachment: await files.view(attachment), message, conversation: conversationForVisitor(summary(record)), ...tokens };
  }

  /**
   * After the file is stored (and a closed conversation reopened): the AI's turn, through the same
   * runner as a typed message (widget/handlers/send.ts), so typing, streaming and delivery to the
   * widget and outbound channels are the same. The runtime decides: no reply while a person or the
   * queue holds the conversation, else the note that it cannot read files, once per burst
   * (agent/file-note.ts), or a vision model's answer to images (agent/images.ts; docs/attachments.md
   * "The AI and files"). The upload's answer went out
   * before the AI's turn, so a reply that fails has no request to answer: the conversation's widgets
   * are told on the bus (`reply.failed`), as a typed message's sender is on its socket.
   */
  function askForReply(projectId: string, conversationId: string) {
    replyRunnerOf(ctx, app.log).request(projectId, conversationId, () =>
      ctx.bus.publish({ type: 'reply.failed', project_id: projectId, conversation_id: conversationId, error: 'upstream_unavailable', message: REPLY_FAILED }),
    );
  }

  /** The visitor's session, which must have started `conversationId`. */
  async function visitorOf(request: FastifyRequest, channel: { frame_id: string; project_id: string }, conversationId: string) {
    const visitor = await http.visitorOf(request, channel, 'Files need the visitor tokens the widget received from the gateway', { requireSession: true });
    const session = await getSession(ctx, channel.project_id, visitor.session_id!);
    if (!session?.conversation_ids.includes(conversationId)) throw new AppError('forbidden', 'This visitor session did not start that conversation');
    return visitor;
  }

  await app.register(async (scope) => {
    scope.removeContentTypeParser(['application/json', 'text/plain']);
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_BYTES_CEILING }, (_req, body, done) => done(null, body));

    scope.options(VISITOR_UPLOAD_PATH, { schema: { hide: true, querystring: VisitorUploadQuery } }, preflight('POST'));

    scope.post(
      VISITOR_UPLOAD_PATH,
      {
        bodyLimit: MAX_BYTES_CEILING,
        schema: {
          summary: 'Send a file from the widget',
          description:
            'Widget only. Body: the raw file; its type is read from the bytes and must be one the channel accepts (images and PDFs by default), ' +
            'at most the channel\'s `attachments.max_bytes` (10 MiB by default). Headers X-Parley-Device and X-Parley-Session carry the tokens ' +
            'the gateway issued; the session must have started `conversation_id`. The file becomes a visitor message the team sees live. ' +
            'Without `conversation_id` (a file before the first message) the device token is enough: the file is the first message and starts ' +
            'the conversation, created with its user and session in one write, and the answer adds `conversation`, `user_token` and `session_token`.',
          tags: ['widget'],
          // The session must have started the conversation; before the first message the device token alone.
          security: [...security, { visitorDevice: [] }],
          querystring: VisitorUploadQuery,
          response: {
            201: VisitorUploadOut,
            400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema, 413: ErrorSchema, 415: ErrorSchema, 429: ErrorSchema,
          },
        },
      },
      async (request, reply) => {
        const query = request.query as VisitorUploadQuery;
        const channel = await channelFor(request, query.frame_id);
        cors(request, reply);
        const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const upload = { bytes, name: query.name, declared: request.headers['content-type'], limits: channelAttachments(channel), uploaded_by: 'visitor' as const };
        reply.code(201);
        if (!query.conversation_id) return startWithFile(request, channel, query, upload);
        const visitor = await visitorOf(request, channel, query.conversation_id);
        takeUpload(channel.project_id, visitor.device_id);
        const record = await ctx.services.conversations.require(channel.project_id, query.conversation_id);
        let duplicate = false;
        const { attachment, message } = await files.upload(record, upload, async (ref) => {
          const appended = await ctx.services.conversations.append(channel.project_id, record.id, { role: 'user', content: ref.name, client_id: query.client_id ?? null, attachments: [ref] });
          duplicate = appended.duplicate;
          return appended.message;
        });
        // A file into a closed conversation reopens it, as a typed message does (widget/handlers/send.ts).
        const fresh = await ctx.services.conversations.get(channel.project_id, record.id);
        if (fresh) await operatorsOf(ctx).handover.reopened(fresh);
        if (!duplicate) askForReply(channel.project_id, record.id);
        return { attachment: await files.view(attachment), message };
      },
    );
  });

  const one = `${VISITOR_UPLOAD_PATH}/:attachment_id`;
  app.options(one, { schema: { hide: true, params: VisitorFileParams, querystring: VisitorFileQuery } }, preflight('GET'));
  app.get(
    one,
    {
      schema: {
        summary: 'A signed link to a file of the visitor\'s conversation',
        description: 'Widget only, with the visitor tokens as for uploads. The link works for an hour.',
        tags: ['widget'],
        security,
        params: VisitorFileParams,
        querystring: VisitorFileQuery,
        response: { 200: VisitorFileOut, 400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema },
      },
    },
    async (request, reply) => {
      const { attachment_id } = request.params as { attachment_id: string };
      const channel = await channelFor(request, (request.query as { frame_id: string }).frame_id);
      cors(request, reply);
      const attachment = await files.get(channel.project_id, attachment_id);
      await visitorOf(request, channel, attachment.conversation_id);
      // Internal comments are the team's: their files are not the visitor's to read.
      const record = await ctx.services.conversations.get(channel.project_id, attachment.conversation_id);
      // Found by the reference it carries: the message reaches the widget before message_id is recorded.
      const message = record?.messages.find((m) => m.attachments?.some((a) => a.id === attachment.id));
      if (!message || message.type === 'comment') throw new AppError('not_found', 'attachment not found');
      return files.link(attachment, 60 * 60 * 1000);
    },
  );
}

/** The languages of an Accept-Language header, best first (a file before the first message has no socket that said them). */
function acceptedLanguages(header: string | undefined): string[] {
  return (header ?? '')
    .split(',')
    .map((part) => part.split(';')[0].trim())
    .filter((tag) => tag && tag !== '*' && tag.length <= 35)
    .slice(0, 10);
}
