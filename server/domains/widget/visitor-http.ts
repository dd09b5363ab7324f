// The checks every widget HTTP endpoint makes before acting for a visitor (voice uploads, visitor
// files): the widget named by `frame_id` exists, the page Origin is one the channel allows (CORS
// answers only those, since the widget posts from the host page), and the server-signed device (and
// session) tokens in the X-Parley-Device and X-Parley-Session headers authenticate the visitor
// (tokens.ts verifyVisitorTokens).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import type { Channel } from '../../../shared/schemas/entities.js';
import { AppError } from '../../errors.js';
import { verifyVisitorTokens, type VisitorIdentity } from './tokens.js';
import { originAllowed } from './origins.js';
import { listeningPort, publicUrls } from './urls.js';

export function visitorHttp(app: FastifyInstance, ctx: AppContext) {
  /** The website widget of `frameId`, if the request's page may use it. */
  async function channelFor(request: FastifyRequest, frameId: string): Promise<Channel> {
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

  /** The CORS preflight of a widget endpoint taking `methods`, for the channel's allowed origins only. */
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

  /**
   * The visitor the header tokens name, or a 401 saying `refused` (what needs the tokens). A session
   * token, when sent, must be valid for the device; `requireSession` makes it mandatory.
   */
  async function visitorOf(
    request: FastifyRequest,
    channel: Pick<Channel, 'frame_id' | 'project_id'>,
    refused: string,
    options: { requireSession?: boolean } = {},
  ): Promise<VisitorIdentity> {
    const header = (name: string) => (typeof request.headers[name] === 'string' ? (request.headers[name] as string) : null);
    const visitor = await verifyVisitorTokens(ctx, channel, { device_token: header('x-parley-device'), session_token: header('x-parley-session') }, options);
    if (!visitor) throw new AppError('unauthorized', refused);
    return visitor;
  }

  return { channelFor, cors, preflight, visitorOf };
}
