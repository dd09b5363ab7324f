// Team-member login, logout and "who am I" (docs/architecture.md section 3). The session token goes
// into an HttpOnly, SameSite=Lax cookie (Secure when BASE_URL is https); the CSRF token comes in the
// body (and again from GET /v1/org/me after a page reload) and must be echoed in X-CSRF-Token.
// Login CSRF: the body must be JSON (a cross-site form cannot send that without a CORS preflight)
// and a browser's Origin header, when present, must be one of this server's own addresses.
// Failed attempts are limited per client address (10 a minute, 500 a day).
import type { FastifyInstance, FastifyReply } from 'fastify';
import { appUrls } from '../widget/urls.js';
import type { RouteModule } from '../../routes.js';
import type { AppContext } from '../../context.js';
import { ErrorSchema, LoginBody, SessionOut } from '../../../shared/schemas/api.js';
import { AppError } from '../../errors.js';
import { publicMember } from '../org/service.js';
import { accountRoutes } from './account-routes.js';
import { passwordResetRoutes } from './reset-routes.js';
import type { Member } from '../../../shared/schemas/entities.js';
import { acceptInvite } from './invites.js';
import { AcceptInviteBody } from '../../../shared/schemas/account.js';
import { ABSOLUTE_TTL_MS, SESSION_COOKIE } from './service.js';
import { startSessionExpirySweep } from './expiry-sweep.js';
import type { SessionContext } from '../../http/auth/session.js';
import type { RateLimits } from '../../http/rate-limit/types.js';
import { loginErrorResponses } from '../../http/auth/openapi-errors.js';

const tags = ['team session'];
const LOGIN_LIMITS: RateLimits = { perMinute: 10, perDay: 500, burstFactor: 1, burstSeconds: 0 };

function cookieOptions(ctx: AppContext) {
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: ctx.config.baseUrl.startsWith('https:'),
    path: '/',
  };
}

const sessionBody = (team: SessionContext) => ({
  member: publicMember(team.member),
  organization: team.organization,
  csrf_token: team.session.csrf_token,
  expires_at: team.session.expires_at,
});

/** The server's own origins as it listens: under PORT=0 the configured port 0 becomes the real one. */
function checkOrigin(app: FastifyInstance, origin: string | undefined) {
  if (origin === undefined) return;
  const urls = appUrls(app);
  const own = new Set([urls.baseUrl, urls.chatUrl, urls.cdnUrl].map((u) => new URL(u).origin));
  if (!own.has(origin)) throw new AppError('csrf_failed', 'Sign in from this server’s own pages');
}

export const sessionRoutes: RouteModule = (app, ctx) => {
  startSessionExpirySweep(ctx);
  app.post(
    '/v1/org/login',
    {
      config: { public: true },
      schema: {
        summary: 'Sign in a team member',
        description: 'Public. Sets the HttpOnly session cookie and returns the CSRF token for X-CSRF-Token.',
        security: [],
        tags,
        body: LoginBody,
        response: { 200: SessionOut, ...loginErrorResponses() },
      },
    },
    async (request, reply: FastifyReply) => {
      checkOrigin(app, request.headers.origin);
      // Only failed attempts count, so colleagues behind one address can still sign in.
      const bucket = `login:${request.ip}`;
      const d = await app.rateLimiter.hit(bucket, LOGIN_LIMITS, undefined, 0);
      if (!d.allowed) {
        reply.header('Retry-After', String(d.retryAfter));
        throw new AppError('rate_limit_exceeded', `Too many failed sign-in attempts: retry in ${d.retryAfter} seconds`, { retry_after: d.retryAfter });
      }
      const { email, password } = request.body as LoginBody;
      const member = await ctx.services.org.verifyLogin(email, password);
      const organization = member && (await ctx.services.org.getOrganization(member.organization_id));
      if (!member || !organization) {
        await app.rateLimiter.hit(bucket, LOGIN_LIMITS);
        throw new AppError('unauthorized', 'Wrong email or password');
      }
      const { token, session } = await ctx.services.sessions.create(member);
      reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions(ctx), maxAge: Math.floor(ABSOLUTE_TTL_MS / 1000) });
      return sessionBody({ session, member, organization });
    },
  );

  app.post(
    '/v1/org/invites/accept',
    {
      config: { public: true },
      schema: {
        summary: 'Accept a single-use invite link: choose a password and sign in',
        description: 'Public. The token is the part after # of the invite URL. A used, expired or unknown link is a 404.',
        security: [],
        tags,
        body: AcceptInviteBody,
        response: { 200: SessionOut, ...loginErrorResponses(), 404: { ...ErrorSchema, description: 'not_found: the link was used, has expired or is not valid' } },
      },
    },
    async (request, reply: FastifyReply) => {
      checkOrigin(app, request.headers.origin);
      const { token, password } = request.body as AcceptInviteBody;
      const member = await acceptInvite(ctx, token, password);
      const organization = await ctx.services.org.getOrganization(member.organization_id);
      if (!organization) throw new AppError('not_found', 'organization not found');
      const { token: cookie, session } = await ctx.services.sessions.create(member);
      reply.setCookie(SESSION_COOKIE, cookie, { ...cookieOptions(ctx), maxAge: Math.floor(ABSOLUTE_TTL_MS / 1000) });
      return sessionBody({ session, member, organization });
    },
  );

  app.post(
    '/v1/org/logout',
    { schema: { summary: 'Sign out (ends the session at once)', tags, response: { 204: { type: 'null' } } } },
    async (request, reply) => {
      await ctx.services.sessions.destroy(request.team!.session);
      reply.clearCookie(SESSION_COOKIE, cookieOptions(ctx));
      return reply.code(204).send();
    },
  );

  app.get(
    '/v1/org/me',
    { schema: { summary: 'The signed-in member, organization and CSRF token', tags, response: { 200: SessionOut } } },
    async (request) => sessionBody(request.team!),
  );

  accountRoutes(app, ctx, (reply) => reply.clearCookie(SESSION_COOKIE, cookieOptions(ctx)));
  passwordResetRoutes(
    app,
    ctx,
    async (member: Member, reply: FastifyReply) => {
      const organization = await ctx.services.org.getOrganization(member.organization_id);
      if (!organization) throw new AppError('not_found', 'organization not found');
      const { token, session } = await ctx.services.sessions.create(member);
      reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions(ctx), maxAge: Math.floor(ABSOLUTE_TTL_MS / 1000) });
      return sessionBody({ session, member, organization });
    },
    (request) => checkOrigin(app, request.headers.origin),
  );
};
