// POST …/knowledge/test: the knowledge tester (docs/api.md "Knowledge tester"). What the agent would
// do for one question, without a conversation: the passages retrieval finds (as GET
// …/knowledge/search returns them) and the reply the project's answer provider (the offline
// answerer unless an LLM is configured) gives from them, with its outcome. Nothing is stored or
// billed; guidance rules and audiences, which need a conversation and a visitor, do not apply.
import { Type } from 'typebox';
import type { RouteModule } from '../../routes.js';
import { projectRoute } from '../../http/project-route.js';
import { ProjectParams, SearchResult } from './api-schemas.js';
import { chooseProvider } from '../agent/index.js';
import { agentTools } from '../agent/tools.js';
import { retrievalQuery } from '../agent/query.js';
import { MessageOutcomeSchema, SourceRefSchema } from '../../../shared/schemas/entities.js';

/** As many passages as the agent runtime retrieves for a reply. */
const PASSAGES = 6;

export const KnowledgeTestBody = Type.Object(
  { question: Type.String({ minLength: 1, maxLength: 2000, description: 'A question as a visitor would ask it' }) },
  { additionalProperties: false },
);
export const KnowledgeTestResult = Type.Object({
  passages: SearchResult.properties.data,
  answer: Type.Object({
    content: Type.String(),
    sources: Type.Array(SourceRefSchema),
    outcome: MessageOutcomeSchema,
    offer_handoff: Type.Boolean(),
  }),
});

export const knowledgeTestRoutes: RouteModule = (app, ctx) => {
  projectRoute(app, ctx, {
    method: 'POST', path: '/knowledge/test', permissions: ['knowledge:read'], tags: ['knowledge'],
    summary: 'Test a question: the passages retrieved and the answer the agent would give (dry run)',
    description: 'Runs retrieval and the answer provider without a conversation; nothing is stored. `answer.outcome` is `answer`, `suggestions` or `no_answer`.',
    params: ProjectParams, body: KnowledgeTestBody, response: KnowledgeTestResult,
    handler: async ({ params, body }) => {
      const question = (body as { question: string }).question;
      const knowledge = ctx.services.knowledge;
      const passages = await knowledge.search(params.project_id, retrievalQuery(question, []), { limit: PASSAGES });
      const tools = await agentTools({ projectId: params.project_id, knowledge, tables: ctx.services.tables });
      const output = await chooseProvider(ctx).answer({ projectId: params.project_id, question, history: [], passages, tools, onDelta: () => {} });
      const outcome = output.outcome ?? (output.offer_handoff ? 'no_answer' : 'answer');
      return { passages, answer: { content: output.content, sources: output.sources, outcome, offer_handoff: output.offer_handoff } };
    },
  });
};
