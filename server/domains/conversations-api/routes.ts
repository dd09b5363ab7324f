// /v1/projects/{project_id}/conversations (spec 4): list, create, get one. Generation lives in
// generate.ts. Permissions exactly as spec section 4 lists them; get-one uses conversation:read like
// the list. Thin handlers: validate (schemas), call a service, return.
import type { RouteModule } from '../../routes.js';
import { requireApiKey } from '../../http/auth/api-key.js';
import {
  ConversationDetail,
  ConversationParams,
  ConversationWithMessages,
  CreateConversationBody,
  ProjectParams,
} from '../../../shared/schemas/api.js';
import { ConversationCounts, ConversationCountsQuery, ConversationListPage, InboxListQuery } from '../../../shared/schemas/inbox.js';
import { queryPage } from './paginate.js';
import { pageJson } from './serialize.js';
import { listQuery } from './list-filter.js';
import { countViews } from './counts.js';
import { createForUser } from './resolve-user.js';
import { generateRoute } from './generate.js';
import { visitorContextFor } from '../widget/visitors.js';

const tags = ['conversations'];
export const LIST = ['conversation:read'] as const;
export const CREATE = ['conversation:read', 'conversation:write', 'userpool:read'] as const;

export const conversationApiRoutes: RouteModule = (app, ctx) => {
  const conversations = ctx.services.conversations;
  // Lists and counts are store queries (docs/architecture.md section 7 "Queries"): the page, not the project.
  const stored = ctx.store.collection('conversations');
  const base = '/v1/projects/:project_id/conversations';

  app.get(
    base,
    {
      preHandler: requireApiKey(ctx, LIST),
      schema: {
        summary: 'List conversations',
        description:
          'Newest first, without messages; `last_message` previews the latest visitor, AI or team reply. Hidden conversations are excluded (spec 2.5). ' +
          '`q` searches the messages and internal notes (case- and accent-insensitive).',
        tags,
        params: ProjectParams,
        querystring: InboxListQuery,
        response: { 200: ConversationListPage },
      },
    },
    async (request, reply) => {
      const { project_id } = request.params as { project_id: string };
      const q = request.query as InboxListQuery;
      const page = await queryPage((query) => stored.query(project_id, query), q, listQuery(q));
      // Pre-serialised (cached per record, see serialize.ts); the schema above still documents it.
      return reply.type('application/json; charset=utf-8').send(pageJson(page));
    },
  );

  app.get(
    `${base}/counts`,
    {
      preHandler: requireApiKey(ctx, LIST),
      schema: {
        summary: 'Count conversations per inbox view',
        description:
          'How many conversations the list filters match: `all`, `mine` (assigned to `member_id`), `unassigned` and `waiting` (escalated, in the queue). ' +
          'Takes the list\'s filters and `q` without paging.',
        tags,
        params: ProjectParams,
        querystring: ConversationCountsQuery,
        response: { 200: ConversationCounts },
      },
    },
    async (request) => {
      const { project_id } = request.params as { project_id: string };
      return countViews(stored, project_id, request.query as ConversationCountsQuery);
    },
  );

  app.post(
    base,
    {
      preHandler: requireApiKey(ctx, CREATE),
      schema: {
        summary: 'Create a conversation with its first user message',
        description:
          'Creates no AI answer: call generate for that (spec 4). `user_id` is a Parley user id or your own external user id; ' +
          'an unknown value creates a user with that external id.',
        tags,
        params: ProjectParams,
        body: CreateConversationBody,
        response: { 201: ConversationWithMessages },
      },
    },
    async (request, reply) => {
      const { project_id } = request.params as { project_id: string };
      const body = request.body as CreateConversationBody;
      const record = await createForUser({ store: ctx.store, users: ctx.services.users, conversations }, body.user_id, {
        projectId: project_id,
        channelType: 'api',
        externalId: body.external_id ?? null,
        firstMessage: { role: 'user', content: body.message },
      });
      reply.code(201).header('Location', `/v1/projects/${project_id}/conversations/${record.id}`);
      return record;
    },
  );

  app.get(
    `${base}/:conversation_id`,
    {
      preHandler: requireApiKey(ctx, LIST),
      schema: {
        summary: 'Get a conversation with its messages',
        description:
          '`visitor`: for a widget conversation, the page the visitor is on, their device (from the browser\'s User-Agent) and languages; null otherwise.',
        tags,
        params: ConversationParams,
        response: { 200: ConversationDetail },
      },
    },
    async (request) => {
      const { project_id, conversation_id } = request.params as { project_id: string; conversation_id: string };
      const record = await conversations.require(project_id, conversation_id);
      return { ...record, visitor: await visitorContextFor(ctx, project_id, conversation_id) };
    },
  );

  generateRoute(app, ctx);
};
