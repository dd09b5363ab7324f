// REST routes of knowledge gaps (docs/api.md "Knowledge gaps"): list the groups of questions the AI
// could not answer confidently, answer one with a snippet, dismiss one, and answer one visitor
// question of a conversation (the console's Save as snippet). The groups are visitors' words from
// conversations, so reading needs conversation:read beside knowledge:read (every role has both);
// answering and dismissing change the knowledge, so they need knowledge:write too.
import type { RouteModule } from '../../../routes.js';
import { projectRoute } from '../../../http/project-route.js';
import { ProjectParams, SnippetSchema } from '../api-schemas.js';
import { AnswerBody, GapList, GapParams, GapQuery, QuestionParams } from './schemas.js';
import { createGapService } from './service.js';

const READ = ['knowledge:read', 'conversation:read'] as const;
const CHANGE = [...READ, 'knowledge:write'] as const;
const tags = ['knowledge'];

export const knowledgeGapRoutes: RouteModule = (app, ctx) => {
  const gaps = createGapService({ store: ctx.store, knowledge: ctx.services.knowledge, conversations: ctx.services.conversations });

  projectRoute(app, ctx, {
    method: 'GET', path: '/knowledge/gaps', permissions: READ, tags,
    summary: 'List knowledge gaps: visitor questions the AI could not answer confidently, grouped',
    description:
      'Questions whose AI reply was `suggestions` or `no_answer`, and the last question before a handover to a person, of the last `days` days, ' +
      'grouped by similarity (offline: analysed terms, cosine). The most asked first. Answered and dismissed questions are left out.',
    params: ProjectParams, querystring: GapQuery, response: GapList,
    handler: ({ params, query }) => gaps.list(params.project_id, query as GapQuery),
  });

  projectRoute(app, ctx, {
    method: 'POST', path: '/knowledge/gaps/:gap_id/snippet', permissions: CHANGE, tags, status: 201,
    summary: 'Answer a knowledge gap with a snippet',
    description:
      "Creates a manual snippet whose FAQ `question` is the visitors' phrasing (or the body's) and whose `alternative_questions` are all the group's other phrasings; " +
      'indexed at once. The group leaves the list. A channel that follows an alias sees it after the next build.',
    params: GapParams, body: AnswerBody, response: SnippetSchema,
    handler: ({ params, body }) => gaps.answerGap(params.project_id, params.gap_id, body as AnswerBody),
  });

  projectRoute(app, ctx, {
    method: 'POST', path: '/knowledge/gaps/:gap_id/dismiss', permissions: CHANGE, tags,
    summary: 'Dismiss a knowledge gap',
    description: 'Its questions leave the list for good; the same topic comes back only if visitors ask it again.',
    params: GapParams, response: null,
    handler: ({ params }) => gaps.dismiss(params.project_id, params.gap_id),
  });

  projectRoute(app, ctx, {
    method: 'POST', path: '/conversations/:conversation_id/messages/:message_id/snippet', permissions: CHANGE, tags, status: 201,
    summary: "Save an answer to a visitor's question as a snippet",
    description:
      "`message_id` is the visitor's question; its words are the FAQ `question` unless the body gives one. When the question is part of a knowledge gap, " +
      "the group's other phrasings become `alternative_questions` and the group leaves the list.",
    params: QuestionParams, body: AnswerBody, response: SnippetSchema,
    handler: ({ params, body }) => gaps.answerQuestion(params.project_id, params.conversation_id, params.message_id, body as AnswerBody),
  });
};
