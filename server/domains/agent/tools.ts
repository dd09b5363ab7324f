// Tools the model may call (spec 2.9 built-in tools and search tables): search_knowledge,
// offer_handoff, escalate_to_human, the web tools (search_web, fetch_page), the conversation tools
// (set_label, set_user_attribute), current_time (each in tools/), and one tool per search table
// attached to the project's profile under its custom name and description. Each returns text for the
// model plus the passages it surfaced, which the provider numbers for citations and records as
// sources (spec 2.11). Which of them a reply is offered is the profile's choice (enabled actions and
// toolboxes, guidance/stages.ts).
import type { KnowledgeSearch, Passage, SearchOptions } from '../knowledge/types.js';
import type { SearchTableService } from '../knowledge/tables/service.js';
import type { TableQuery } from '../knowledge/tables/query.js';
import type { AgentTool } from './provider.js';
import type { AppContext, Services } from '../../context.js';
import type { ConversationRecord, Label } from '../../../shared/schemas/entities.js';
import type { ConversationService } from '../conversations/service.js';
import type { UserService } from '../users/service.js';
import { AppError } from '../../errors.js';
import type { FetchPolicy } from '../../lib/safe-fetch.js';
import { ToolFailure } from './tools/failure.js';
import { searchWebTool } from './tools/search-web.js';
import { fetchPageTool } from './tools/fetch-page.js';
import { setLabelTool } from './tools/set-label.js';
import { setUserAttributeTool } from './tools/set-user-attribute.js';
import { clockOf, currentTimeTool, userTimezone } from './tools/current-time.js';

const TABLE_ROWS = 10;

/** One row as a readable line ("order_id: A-101 · status: processing."), for models and extraction alike. */
const rowLine = (row: Record<string, unknown>) =>
  `${Object.entries(row)
    .filter(([, v]) => v !== null && v !== '')
    .map(([k, v]) => `${k}: ${Array.isArray(v) ? v.join(', ') : String(v)}`)
    .join(' · ')}.`;

/** `scope`: the sources and the build a conversation may be answered from (guidance/stages.ts). */
export function knowledgeTool(projectId: string, knowledge: KnowledgeSearch, scope: Pick<SearchOptions, 'sourceIds' | 'snapshot'> = {}): AgentTool {
  return {
    name: 'search_knowledge',
    description: "Search the project's knowledge base (help pages, documentation, snippets). Use it for follow-up questions the given sources do not cover.",
    parameters: {
      type: 'object',
      properties: { query: { type: 'string', description: 'What to look for, in a few words' } },
      required: ['query'],
      additionalProperties: false,
    },
    async run(args) {
      const query = typeof args.query === 'string' ? args.query.trim() : '';
      if (!query) return { content: 'query must be a non-empty string' };
      const passages = await knowledge.search(projectId, query, { ...scope, limit: 5 });
      return { content: passages.length ? '' : 'No matching passages.', passages };
    },
  };
}

const handoffTool: AgentTool = {
  name: 'offer_handoff',
  description:
    'Offer the user a transfer to a human teammate when you cannot answer from the sources, or when the user asks for a person. The user confirms before anything happens.',
  parameters: { type: 'object', properties: { reason: { type: 'string' } }, additionalProperties: false },
  async run() {
    return { content: 'The user will be shown a button to talk to a human. Tell them briefly.', handoff: true };
  },
};

/** Spec 2.9: for channels with a team queue; the model replies to the user and writes the team a note. */
const escalateTool: AgentTool = {
  name: 'escalate_to_human',
  description:
    "Hand the conversation to the support team's queue when it needs a person (a refund, an account change, an angry customer). Write the team a short handover note: what the user wants, what you already told them, what is left. Then tell the user a person will follow up here.",
  parameters: {
    type: 'object',
    properties: { note: { type: 'string', description: 'The handover note for the team' } },
    required: ['note'],
    additionalProperties: false,
  },
  async run(args) {
    const note = typeof args.note === 'string' ? args.note.trim().slice(0, 4000) : '';
    if (!note) return { content: 'note must be a non-empty string: write the team what the user needs.' };
    return { content: 'Escalated: the team has your note. Tell the user a person will follow up in this conversation.', escalate: { note } };
  },
};

type Attached = Awaited<ReturnType<SearchTableService['attached']>>[number];

function tableTool(projectId: string, tables: SearchTableService, { table, name, description }: Attached): AgentTool {
  const types = new Map(table.columns.map((c) => [c.name, c.type]));
  const filterProps = Object.fromEntries(
    table.filter_fields.map((f) => [f, { type: types.get(f) === 'number' ? 'number' : types.get(f) === 'boolean' ? 'boolean' : 'string' }]),
  );
  const rangeProps = Object.fromEntries(
    table.range_fields.map((f) => {
      const t = types.get(f) === 'number' ? 'number' : 'string';
      return [f, { type: 'object', properties: { gte: { type: t }, lte: { type: t } }, additionalProperties: false }];
    }),
  );
  return {
    name,
    kind: 'table',
    description: `${description} (search table "${table.name}": searchable ${table.searchable_fields.join(', ') || 'none'}; columns ${table.columns.map((c) => `${c.name}:${c.type}`).join(', ')})`,
    parameters: {
      type: 'object',
      properties: {
        ...(table.searchable_fields.length ? { query: { type: 'string', description: `Text matched against ${table.searchable_fields.join(', ')}` } } : {}),
        ...(table.filter_fields.length ? { filters: { type: 'object', properties: filterProps, additionalProperties: false } } : {}),
        ...(table.range_fields.length ? { ranges: { type: 'object', properties: rangeProps, additionalProperties: false } } : {}),
      },
      additionalProperties: false,
    },
    async run(args) {
      const q: TableQuery = { limit: TABLE_ROWS };
      if (typeof args.query === 'string') q.query = args.query;
      if (args.filters && typeof args.filters === 'object') q.filters = args.filters as TableQuery['filters'];
      if (args.ranges && typeof args.ranges === 'object') q.ranges = args.ranges as TableQuery['ranges'];
      try {
        const result = await tables.query(projectId, table.id, q);
        const rows = result.data.map((h) => h.row);
        const passage: Passage = {
          chunk_id: `table:${table.id}`,
          source_id: table.id,
          title: table.name,
          url: null,
          headings: [],
          text: rows.map(rowLine).join('\n\n'),
          score: 1,
        };
        return { content: '', passages: rows.length ? [passage] : [], ...(rows.length ? {} : { content: 'No matching rows.' }) };
      } catch (err) {
        // A bad filter from the model is the model's problem to fix: tell it, do not fail the reply.
        return { content: `The table query failed: ${(err as Error).message}` };
      }
    },
  };
}

/** What the conversation tools act on: the conversation being answered and its user. */
export interface ConversationToolDeps {
  record: ConversationRecord;
  conversations: ConversationService;
  users: UserService;
  labels: () => Promise<Label[]>;
}

/** A tool that throws (search provider down, page unreachable) tells the model instead of failing the reply. */
export function guarded(tool: AgentTool): AgentTool {
  return {
    ...tool,
    async run(args, signal) {
      try {
        return await tool.run(args, signal);
      } catch (err) {
        if (signal?.aborted) throw err;
        const why = err instanceof ToolFailure || err instanceof AppError ? err.message : 'an unexpected error';
        return { content: `Error: ${tool.name} failed: ${why}. Do not retry it now; answer from what you have or say you could not check.` };
      }
    },
  };
}

export async function agentTools(input: {
  projectId: string;
  knowledge: KnowledgeSearch | null;
  tables: SearchTableService | null;
  /** search_web is offered when `searchUrl` is set; fetch_page whenever `web` is given. */
  web?: { searchUrl: string | null; policy: FetchPolicy };
  /** Absent (no conversation to act on): set_label, set_user_attribute and current_time are not offered. */
  conversation?: ConversationToolDeps;
}): Promise<AgentTool[]> {
  const tools: AgentTool[] = [];
  if (input.knowledge) tools.push(knowledgeTool(input.projectId, input.knowledge));
  tools.push(handoffTool, escalateTool);
  if (input.web?.searchUrl) tools.push(searchWebTool({ url: input.web.searchUrl, policy: input.web.policy }));
  if (input.web) tools.push(fetchPageTool({ policy: input.web.policy }));
  const c = input.conversation;
  if (c) {
    tools.push(
      setLabelTool({
        projectId: input.projectId,
        conversationId: c.record.id,
        conversations: c.conversations,
        labels: c.labels,
        // A simulation's visitor is not a stored user: its labels come from the simulation's context.
        ...(c.record.simulation ? {} : { user: { id: c.record.user_id, users: c.users } }),
      }),
      setUserAttributeTool({ projectId: input.projectId, userId: c.record.user_id, users: c.users }),
      // The profile's timezone is the draft's here; guidance/stages.ts swaps in the one the reply's build uses.
      currentTimeTool(userTimezone(c.users, c.record), 'UTC', clockOf(c.record)),
    );
  }
  if (input.tables) for (const a of await input.tables.attached(input.projectId)) tools.push(tableTool(input.projectId, input.tables, a));
  return tools.map(guarded);
}

/** The tools of the production pipeline (agent/index.ts) for one reply. */
export function productionTools(ctx: Pick<AppContext, 'config' | 'store'>, services: Services, projectId: string, conversation?: ConversationRecord): Promise<AgentTool[]> {
  return agentTools({
    projectId,
    knowledge: services.knowledge ?? null,
    tables: services.tables,
    web: { searchUrl: ctx.config.webSearchUrl, policy: { allowPrivate: ctx.config.allowPrivateFetch } },
    ...(conversation
      ? { conversation: { record: conversation, conversations: services.conversations, users: services.users, labels: () => ctx.store.collection('labels').list(projectId) } }
      : {}),
  });
}
