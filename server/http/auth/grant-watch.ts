// A long-lived project request (an SSE generation stream) keeps the grant it was authorized with only
// as long as that grant lasts (docs/api.md "Long-lived channels"). When the grant signal
// (grant-changes.ts) concerns its API key, its member or its project, the checks a new request would
// get run again (api-key.ts, project-session.ts), and `onLost` hears the refusal that request would get.
import type { FastifyRequest } from 'fastify';
import type { Permission } from '../../../shared/permissions.js';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';
import { authorizeApiKey } from './api-key.js';
import { onGrantChange, type GrantChange } from './grant-changes.js';
import { authorizeProjectSession } from './project-session.js';

/** Watches until the returned function is called; `onLost` is called at most once. */
export function watchProjectGrant(
  ctx: AppContext,
  request: FastifyRequest,
  projectId: string,
  required: readonly Permission[],
  onLost: (refusal: AppError) => void,
): () => void {
  const key = request.apiKey;
  const memberId = key ? undefined : request.team?.member.id;
  let stopped = false;
  const concerns = (c: GrantChange) =>
    (c.kind === 'project' && c.project_id === projectId) ||
    (c.kind === 'api_key' && c.key_id === key?.id) ||
    (c.kind === 'member' && memberId !== undefined && c.member_id === memberId);

  async function recheck() {
    try {
      if (key) {
        const stored = await ctx.store.collection('api_keys').get(key.project_id, key.id);
        if (!stored) throw new AppError('unauthorized', 'This API key was deleted while the stream was open');
        authorizeApiKey(stored, projectId, required);
      } else {
        await authorizeProjectSession(ctx, request, required);
      }
    } catch (err) {
      if (stopped) return;
      stop();
      onLost(err instanceof AppError ? err : new AppError('internal_error', 'Something went wrong on our side'));
    }
  }

  const unsubscribe = onGrantChange((c) => {
    if (!stopped && concerns(c)) void recheck();
  });
  function stop() {
    stopped = true;
    unsubscribe();
  }
  return stop;
}
