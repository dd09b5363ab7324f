// The widget's side of attachments (docs/attachments.md "In the widget"). A visitor sends a file into
// a conversation their session started, with the channel's limits, and asks for a signed link to
// each file they see. Authentication as for voice uploads (voice/routes.ts): the server-signed device
// and session tokens in headers, the page Origin among the channel's allowed ones, CORS only for those.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { ErrorSchema } from '../../../shared/schemas/api.js';
import { MessageSchema } from '../../../shared/schemas/entities.js';
import { AttachmentOut, VisitorFileOut, VisitorFileParams, VisitorFileQuery, VisitorUploadQuery } from '../../../shared/schemas/attachments.js';
import { Type } from 'typebox';
import { verifyVisitorTokens } from '../widget/tokens.js';
import { originAllowed } from '../widget/origins.js';
import { getSession } from '../widget/visitors.js';
import { listeningPort, publicUrls } from '../widget/urls.js';
import { RateLimiter, retryMessage } from '../widget/limits.js';
import { operatorsOf } from '../operators/service.js';
import type { AttachmentService } from './service.js';
import { channelAttachments, MAX_BYTES_CEILING } from './limits.js';

export const VISITOR_UPLOAD_PATH = '/v1/widget/attachments';
/** Files a device may send per minute: a person sends a few screenshots, not a stream. */
const UPLOADS_PER_MINUTE = 10;
const security = [{ visitorDevice: [], visitorSession: [] }];

export async function visitorAttachmentRoutes(app: FastifyInstance, ctx: AppContext, files: AttachmentService) {
  const limiter = new RateLimiter();

  async function channelFor(request: FastifyRequest, frameId: string) {
    const channel = await ctx.services.projects.getChannelByFrameId(frameId);
    if (!channel || channel.type !== 'website_widget') throw new AppError('not_found', `No widget with frame id ${JSON.stringify(frameId)}`);
    const origin = request.headers.origin;
    const self = request.headers.host ? `${request.protocol}://${request.headers.host}` : null;
    if (origin !== undefined && !originAllowed(channel, origin, publicUrls(ctx.config, listeningPort(app)), self, listeningPort(app))) {
      throw new AppError('forbidden', 'This widget may not be used from this page', { reason: 'origin_not_allowed' });
    }
    return channel;
  }

  function cors(request: FastifyRequest, reply: FastifyReply) {
    const origin = request.headers.origin;
    if (origin) reply.header('access-control-allow-origin', origin).header('vary', 'Origin');
  }

  /** The visitor's session, which must have started `conversationId`. */
  async function visitorOf(request: FastifyRequest, channel: { frame_id: string; project_id: string }, conversationId: string) {
    const header = (name: string) => (typeof request.headers[name] === 'string' ? (request.headers[name] as string) : null);
    const visitor = await verifyVisitorTokens(ctx, channel, { device_token: header('x-parley-device'), session_token: header('x-parley-session') }, { requireSession: true });
    if (!visitor) throw new AppError('unauthorized', 'Files need the visitor tokens the widget received from the gateway');
    const session = await getSession(ctx, channel.project_id, visitor.session_id!);
    if (!session?.conversation_ids.includes(conversationId)) throw new AppError('forbidden', 'This visitor session did not start that conversation');
    return visitor;
  }

  const preflight = (methods: string) => async (request: FastifyRequest, reply: FastifyReply) => {
    await channelFor(request, (request.query as { frame_id: string }).frame_id);
    cors(request, reply);
    reply
      .header('access-control-allow-methods', methods)
      .header('access-control-allow-headers', 'content-type, x-parley-device, x-parley-session')
      .header('access-control-max-age', '600')
      .status(204)
      .send();
  };

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
            'the gateway issued; the session must have started `conversation_id`. The file becomes a visitor message the team sees live.',
          tags: ['widget'],
          security,
          querystring: VisitorUploadQuery,
          response: {
            201: Type.Object({ attachment: AttachmentOut, message: MessageSchema }),
            400: ErrorSchema, 401: ErrorSchema, 403: ErrorSchema, 404: ErrorSchema, 409: ErrorSchema, 413: ErrorSchema, 415: ErrorSchema, 429: ErrorSchema,
          },
        },
      },
      async (request, reply) => {
        const query = request.query as VisitorUploadQuery;
        const channel = await channelFor(request, query.frame_id);
        cors(request, reply);
        const visitor = await visitorOf(request, channel, query.conversation_id);
        const wait = limiter.take(`files:${channel.project_id}:${visitor.device_id}`, UPLOADS_PER_MINUTE);
        if (wait > 0) throw new AppError('rate_limit_exceeded', retryMessage(wait), { retry_after: wait });
        const record = await ctx.services.conversations.require(channel.project_id, query.conversation_id);
        const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const { attachment, message } = await files.upload(
          record,
          { bytes, name: query.name, declared: request.headers['content-type'], limits: channelAttachments(channel), uploaded_by: 'visitor' },
          async (ref) =>
            (await ctx.services.conversations.append(channel.project_id, record.id, { role: 'user', content: ref.name, client_id: query.client_id ?? null, attachments: [ref] })).message,
        );
        // A file into a closed conversation reopens it, as a typed message does (widget/handlers/send.ts).
        const fresh = await ctx.services.conversations.get(channel.project_id, record.id);
        if (fresh) await operatorsOf(ctx).handover.reopened(fresh);
        reply.code(201);
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
