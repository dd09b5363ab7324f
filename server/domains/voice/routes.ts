// POST /v1/widget/voice (spec 10): the widget uploads a recording over the visitor's
// authenticated session and gets the transcript back for its composer. Authentication reuses the
// gateway's server-signed visitor tokens (widget/visitor-http.ts): a valid device token
// is required (a visitor may speak before their first message, i.e. before a session exists); a
// session token, when sent, must be valid for that device. The page Origin must be one the channel
// allows, and CORS answers only those origins, since the widget posts from the host page.
import { Type, type Static } from 'typebox';
import type { RouteModule } from '../../routes.js';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { visitorHttp } from '../widget/visitor-http.js';
import { RateLimiter, retryMessage } from '../widget/limits.js';
import { VOICE_LIMITS } from './service.js';

export const VOICE_PATH = '/v1/widget/voice';
/** Recordings a device may transcribe per minute (CPU-bound offline; metered upstream). */
const UPLOADS_PER_MINUTE = 6;

const Query = Type.Object(
  {
    frame_id: Type.String({ maxLength: 64 }),
    language: Type.Optional(Type.String({ maxLength: 35 })),
    conversation_id: Type.Optional(Type.String({ maxLength: 64 })),
  },
  { additionalProperties: false },
);

const Result = Type.Object({
  text: Type.String(),
  language: Type.Union([Type.String(), Type.Null()]),
  duration_s: Type.Number(),
  engine: Type.String(),
});

const ErrorBody = Type.Object({ error: Type.String(), message: Type.String() }, { additionalProperties: true });

export const voiceRoutes: RouteModule = async (app, ctx) => {
  const limiter = new RateLimiter();

  const { channelFor, cors, preflight, visitorOf } = visitorHttp(app, ctx);

  await app.register(async (scope) => {
    // Raw audio bodies of any declared type; the service checks the type with a clear error.
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: VOICE_LIMITS.maxBytes }, (_req, body, done) => done(null, body));

    scope.options(VOICE_PATH, { schema: { hide: true, querystring: Query } }, preflight('POST'));

    scope.post(
      VOICE_PATH,
      {
        schema: {
          summary: 'Transcribe a widget voice recording',
          description:
            'Widget only. Body: the raw recording (audio/webm, audio/ogg, audio/mp4, audio/mpeg or audio/wav), at most ' +
            `${VOICE_LIMITS.maxBytes} bytes and ${VOICE_LIMITS.maxSeconds} seconds. Headers X-Parley-Device (and X-Parley-Session once the ` +
            'visitor has one) carry the tokens the widget gateway issued. The transcript is returned, not posted: the visitor edits or sends it.',
          tags: ['widget'],
          // The visitor's device token, with the session token when there is one.
          security: [{ visitorDevice: [], visitorSession: [] }, { visitorDevice: [] }],
          querystring: Query,
          response: { 200: Result, 401: ErrorBody, 413: ErrorBody, 415: ErrorBody, 422: ErrorBody, 429: ErrorBody, 502: ErrorBody, 503: ErrorBody },
        },
      },
      async (request, reply) => {
        const query = request.query as Static<typeof Query>;
        const channel = await channelFor(request, query.frame_id);
        cors(request, reply);
        const visitor = await visitorOf(request, channel, 'Voice input needs the visitor tokens the widget received from the gateway');
        const wait = limiter.take(`voice:${channel.project_id}:${visitor.device_id}`, UPLOADS_PER_MINUTE);
        if (wait > 0) throw new AppError('rate_limit_exceeded', retryMessage(wait), { retry_after: wait });
        const audio = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        return transcribe(ctx, channel.project_id, visitor.user_id, query, audio, request.headers['content-type'] ?? '');
      },
    );
  });
};

function transcribe(ctx: AppContext, projectId: string, userId: string | null, query: Static<typeof Query>, audio: Buffer, mimeType: string) {
  return ctx.services.voice.transcribe({
    projectId,
    userId: userId ?? 'anonymous',
    conversationId: query.conversation_id ?? null,
    audio,
    mimeType,
    language: query.language,
  });
}
