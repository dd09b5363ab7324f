// Public routes of "Forgot password?" (password-reset.ts). Asking answers 202 at once whatever the
// address, and the lookup and e-mail happen after the answer, so neither the answer nor its timing
// tells whether an account exists. Asks are limited per client address and per e-mail address, so
// nobody floods a member's inbox. Setting the password signs the member in with a fresh session.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import type { Member } from '../../../shared/schemas/entities.js';
import { ErrorSchema, SessionOut } from '../../../shared/schemas/api.js';
import { PasswordResetBody, PasswordResetRequestBody } from '../../../shared/schemas/account.js';
import { AppError } from '../../errors.js';
import type { RateLimits } from '../../http/rate-limit/types.js';
import { loginErrorResponses } from '../../http/auth/openapi-errors.js';
import { teamLanguage } from '../mail/team-texts.js';
import { appUrls } from '../widget/urls.js';
import { createPasswordReset } from './password-reset.js';

const tags = ['team session'];
const PER_CLIENT: RateLimits = { perMinute: 5, perDay: 50, burstFactor: 1, burstSeconds: 0 };
const PER_EMAIL: RateLimits = { perMinute: 1, perDay: 5, burstFactor: 1, burstSeconds: 0 };

export function passwordResetRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  signIn: (member: Member, reply: FastifyReply) => Promise<unknown>,
  checkOrigin: (request: FastifyRequest) => void,
): void {
  const reset = createPasswordReset(ctx);

  async function limit(bucket: string, limits: RateLimits, reply: FastifyReply) {
    const d = await app.rateLimiter.hit(bucket, limits);
    if (d.allowed) return;
    reply.header('Retry-After', String(d.retryAfter));
    throw new AppError('rate_limit_exceeded', `Too many reset requests: retry in ${d.retryAfter} seconds`, { retry_after: d.retryAfter });
  }

  app.post(
    '/v1/org/password-reset',
    {
      config: { public: true },
      schema: {
        summary: 'Ask for a password-reset link by e-mail',
        description:
          'Public. Always 202 whatever the address: when it belongs to a member, a single-use link valid for 1 hour is e-mailed. 503 not_configured when this server sends no e-mail (SMTP_URL unset).',
        security: [],
        tags,
        body: PasswordResetRequestBody,
        response: { 202: { type: 'null' }, ...loginErrorResponses(), 503: { ...ErrorSchema, description: 'not_configured: this server sends no e-mail' } },
      },
    },
    async (request, reply) => {
      checkOrigin(request);
      if (!ctx.services.mail.configured) throw new AppError('not_configured', 'This server sends no e-mail: ask an admin of your team to reset your password');
      const email = (request.body as PasswordResetRequestBody).email.trim().toLowerCase();
      await limit(`reset:${request.ip}`, PER_CLIENT, reply);
      await limit(`reset-email:${email}`, PER_EMAIL, reply);
      const language = teamLanguage(request.headers['accept-language']);
      const { baseUrl } = appUrls(app);
      setImmediate(() => void reset.request(email, language, baseUrl).catch((error) => request.log.error({ err: error }, 'password reset e-mail failed')));
      return reply.code(202).send();
    },
  );

  app.post(
    '/v1/org/password-reset/complete',
    {
      config: { public: true },
      schema: {
        summary: 'Set a new password through a reset link and sign in',
        description: 'Public. The token is the part after # of the reset URL. Ends every other session of the member. A used, expired or unknown link is a 404.',
        security: [],
        tags,
        body: PasswordResetBody,
        response: { 200: SessionOut, ...loginErrorResponses(), 404: { ...ErrorSchema, description: 'not_found: the link was used, has expired or is not valid' } },
      },
    },
    async (request, reply) => {
      checkOrigin(request);
      await limit(`reset-use:${request.ip}`, PER_CLIENT, reply);
      const { token, password } = request.body as PasswordResetBody;
      return signIn(await reset.complete(token, password), reply);
    },
  );
}
