// REST routes of topics (docs/api.md "Topics"): list them with counts and trend, rename, merge, and
// run a pass now. Reading needs topic:read (spec 5); renaming, merging and a pass change the
// conversations' `topic`, so they need conversation:write too. A pass also runs every PASS_MS over
// every project with conversations.
import type { RouteModule } from '../../routes.js';
import { projectRoute } from '../../http/project-route.js';
import { sharedState } from '../../jobs/shared.js';
import { ProjectParams } from '../knowledge/api-schemas.js';
import { MergeBody, RefreshResult, RenameBody, TopicList, TopicParams, TopicSchema, type MergeBody as Merge, type RenameBody as Rename } from './schemas.js';
import { createTopicService } from './service.js';

const READ = ['topic:read'] as const;
const CHANGE = ['topic:read', 'conversation:write'] as const;
const tags = ['topics'];
/** How often topics are assigned without being asked: new conversations get theirs within this. */
export const PASS_MS = 15 * 60_000;

export const topicRoutes: RouteModule = (app, ctx) => {
  const topics = createTopicService({ store: ctx.store, conversations: ctx.services.conversations, claims: sharedState(ctx).claims });

  const timer = setInterval(() => {
    void (async () => topics.refreshAll(await ctx.store.collection('conversations').scopes()))().catch((e: unknown) => console.error('topic pass failed', e));
  }, PASS_MS);
  timer.unref();
  ctx.onClose(() => clearInterval(timer));

  const one = async (projectId: string, topicId: string) => (await topics.list(projectId)).data.find((t) => t.id === topicId)!;

  projectRoute(app, ctx, {
    method: 'GET', path: '/topics', permissions: READ, tags,
    summary: 'List topics with their conversation counts and trend',
    description:
      'Topics are found offline from the visitors\' opening questions and assigned to conversations as their `topic` (a `topic` typed by the team is kept). ' +
      'The most common first. `unassigned` counts conversations with a question that no topic holds yet; they join one at the next pass.',
    params: ProjectParams, response: TopicList,
    handler: ({ params }) => topics.list(params.project_id),
  });

  projectRoute(app, ctx, {
    method: 'POST', path: '/topics/refresh', permissions: CHANGE, tags,
    summary: 'Assign topics now',
    description: 'Unassigned conversations join the nearest topic; the rest may form new topics (three or more alike). Runs every 15 minutes by itself.',
    params: ProjectParams, response: RefreshResult,
    handler: ({ params }) => topics.refresh(params.project_id),
  });

  projectRoute(app, ctx, {
    method: 'PATCH', path: '/topics/:topic_id', permissions: CHANGE, tags,
    summary: 'Rename a topic',
    description: "Its conversations' `topic` changes with it. A name another topic has is a 409: merge them instead.",
    params: TopicParams, body: RenameBody, response: TopicSchema,
    handler: async ({ params, body }) => one(params.project_id, await topics.rename(params.project_id, params.topic_id, (body as Rename).name)),
  });

  projectRoute(app, ctx, {
    method: 'POST', path: '/topics/:topic_id/merge', permissions: CHANGE, tags,
    summary: 'Merge a topic into another',
    description: 'The conversations of this topic move to `into`, which keeps its name; this topic is deleted. New conversations like either join `into`.',
    params: TopicParams, body: MergeBody, response: TopicSchema,
    handler: async ({ params, body }) => one(params.project_id, await topics.merge(params.project_id, params.topic_id, (body as Merge).into)),
  });
};
