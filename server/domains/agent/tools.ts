// Tools the model may call (spec 2.9 built-in tools and search tables): search_knowledge,
// offer_handoff, and one tool per search table attached to the project's profile under its custom
// name and description. Each returns text for the model plus the passages it surfaced, which the
// provider numbers for citations and records as sources (spec 2.11).
import type { KnowledgeSearch, Passage, SearchOptions } from '../knowledge/types.js';
import type { SearchTableService } from '../knowledge/tables/service.js';
import type { TableQuery } from '../knowledge/tables/query.js';
import type { AgentTool } from './provider.js';

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

export async function agentTools(input: {
  projectId: string;
  knowledge: KnowledgeSearch | null;
  tables: SearchTableService | null;
}): Promise<AgentTool[]> {
  const tools: AgentTool[] = [];
  if (input.knowledge) tools.push(knowledgeTool(input.projectId, input.knowledge));
  tools.push(handoffTool, escalateTool);
  if (input.tables) for (const a of await input.tables.attached(input.projectId)) tools.push(tableTool(input.projectId, input.tables, a));
  return tools;
}
