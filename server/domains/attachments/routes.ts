// Attachment routes (spec 2.6, 4, 5; docs/attachments.md). The team and API keys upload into a
// conversation as an operator reply or internal comment and list or read its files with file:read;
// the bytes leave only through the public, signed and expiring /v1/files link, whose signature is the
// credential. Served so that nothing in a file can run in Parley's origin: the sniffed type, nosniff,
// a sandboxing CSP, and Content-Disposition attachment for everything but images.
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { RouteModule } from '../../routes.js';
import { projectRoute } from '../../http/project-route.js';
import { ErrorSchema } from '../../../shared/schemas/api.js';
import {
  AttachmentList,
  AttachmentOut,
  AttachmentParams,
  ConversationAttachmentParams,
  FileParams,
  FileQuery,
  UploadQuery,
  UploadResult,
} from '../../../shared/schemas/attachments.js';
import { appUrls } from '../widget/urls.js';
import { operatorsOf } from '../operators/service.js';
import { actorOf } from '../operators/actor.js';
import { attachmentsOf, createAttachmentService } from './service.js';
import { MAX_BYTES_CEILING, TEAM_LIMITS } from './limits.js';
import { isImage } from './sniff.js';
import { clock } from '../../lib/clock.js';
import { visitorAttachmentRoutes } from './widget-routes.js';

const tags = ['attachments'];
const UPLOAD = ['conversation:read', 'conversation:write'] as const;
const READ = ['conversation:read', 'file:read'] as const;
/** Nothing a file holds may run or load anything, even opened on its own (docs/attachments.md "Serving"). */
export const FILE_CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox; frame-ancestors 'none'";

/** `filename` for Content-Disposition: ASCII fallback plus the UTF-8 name (RFC 6266). */
function disposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\;]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export const attachmentRoutes: RouteModule = async (app, ctx) => {
  const files = attachmentsOf(ctx, () => createAttachmentService(ctx, { baseUrl: () => appUrls(app).baseUrl }));
  // Deleting a conversation deletes its files (user erasure and retention go through conversations.remove).
  ctx.services.conversations.onRemove((projectId, record) => files.deleteForConversation(projectId, record.id).then(() => undefined));

  await app.register(async (scope: FastifyInstance) => {
    // The raw file is the body, whatever its declared type (the bytes decide); scoped to this plugin.
    const raw = { parseAs: 'buffer' as const, bodyLimit: MAX_BYTES_CEILING };
    scope.removeContentTypeParser(['application/json', 'text/plain']);
    scope.addContentTypeParser('*', raw, (_req, body, done) => done(null, body));
    projectRoute(scope, ctx, {
      method: 'POST', path: '/conversations/:conversation_id/attachments', permissions: UPLOAD, tags, status: 201, bodyLimit: MAX_BYTES_CEILING,
      summary: 'Send a file into a conversation',
      description:
        'The raw file is the body (images: PNG, JPEG, GIF, WebP; or PDF; at most 25 MiB). Its type is read from the bytes: ' +
        'anything else (SVG and HTML included) is a 415 `unsupported_media_type`, a larger file a 413. ' +
        'It is sent as an operator message (`type: message`, the visitor sees it live) or an internal `comment`, whose text is `caption` or the file name. ' +
        'While the file storage cannot be reached the answer is a 503 `storage_unavailable`: try again later.',
      params: ConversationAttachmentParams, querystring: UploadQuery, response: UploadResult,
      handler: async ({ params, query, request }) => {
        const ops = operatorsOf(ctx);
        const record = await ctx.services.conversations.require(params.project_id, params.conversation_id);
        const bytes = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const { attachment, message } = await files.upload(
          record,
          { bytes, name: query.name, declared: request.headers['content-type'], limits: TEAM_LIMITS, uploaded_by: request.team ? 'team' : 'api' },
          (ref) =>
            ops.handover.replied(params.project_id, params.conversation_id, actorOf(request, query.author_name), {
              content: query.caption ?? ref.name,
              type: query.type ?? 'message',
              ...(query.client_id ? { client_id: query.client_id } : {}),
              attachments: [ref],
            }),
        );
        return { attachment: await files.view(attachment), message };
      },
    });
  });

  projectRoute(app, ctx, {
    method: 'GET', path: '/conversations/:conversation_id/attachments', permissions: READ, tags,
    summary: 'List the files of a conversation',
    description: 'Oldest first, each with a signed `url` that works without credentials for an hour (`url_expires_at`).',
    params: ConversationAttachmentParams, response: AttachmentList,
    handler: async ({ params }) => {
      await ctx.services.conversations.require(params.project_id, params.conversation_id);
      const list = await files.listForConversation(params.project_id, params.conversation_id);
      return { data: await Promise.all(list.map((a) => files.view(a))) };
    },
  });

  projectRoute(app, ctx, {
    method: 'GET', path: '/attachments/:attachment_id', permissions: READ, tags,
    summary: 'Get a file: what it is and a fresh signed URL',
    description: 'The `url` works without credentials for an hour (`url_expires_at`); ask again for a new one.',
    params: AttachmentParams, response: AttachmentOut,
    handler: async ({ params }) => files.view(await files.get(params.project_id, params.attachment_id)),
  });

  app.get(
    '/v1/files/:project_id/:attachment_id',
    {
      schema: {
        summary: 'Download a file through its signed link',
        description:
          'Public: the signed link is the credential. Refused when changed (403 `invalid_signature`) or expired (410 `link_expired`). ' +
          'Images are served inline, anything else as a download; never with a type other than the sniffed one.',
        security: [],
        tags,
        params: FileParams,
        querystring: FileQuery,
        response: {
          200: { description: 'The file', content: { 'application/octet-stream': { schema: Type.String({ format: 'binary' }) } } },
          400: { ...ErrorSchema, description: 'invalid_request: the link lacks its expiry or signature' },
          403: { ...ErrorSchema, description: 'invalid_signature' },
          404: { ...ErrorSchema, description: 'not_found: the file was deleted' },
          410: { ...ErrorSchema, description: 'link_expired' },
          503: { ...ErrorSchema, description: 'storage_unavailable: the file storage cannot be reached; try again later' },
        },
      },
    },
    async (request, reply) => {
      const { project_id, attachment_id } = request.params as { project_id: string; attachment_id: string };
      const { expires, signature } = request.query as FileQuery;
      const { attachment, bytes } = await files.open(project_id, attachment_id, expires, signature);
      const inline = isImage(attachment.content_type);
      const left = Math.max(0, expires - Math.floor(clock.now() / 1000));
      return reply
        .type(attachment.content_type)
        .header('Content-Disposition', disposition(inline ? 'inline' : 'attachment', attachment.name))
        .header('X-Content-Type-Options', 'nosniff')
        .header('Content-Security-Policy', FILE_CSP)
        // The widget shows images on the customer's pages: another origin may embed them.
        .header('Cross-Origin-Resource-Policy', 'cross-origin')
        .header('Referrer-Policy', 'no-referrer')
        .header('Cache-Control', `private, max-age=${Math.min(3600, left)}`)
        .send(bytes);
    },
  );

  await visitorAttachmentRoutes(app, ctx, files);
};
