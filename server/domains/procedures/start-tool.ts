// start_procedure (spec 2.9, docs/behaviour.md "Procedures"): when the OpenAI-compatible model serves
// a reply, the model — not the phrase matcher — decides that the visitor's intent is one of the
// profile's procedures. Calling the tool begins the run exactly as a phrase match does (stage.ts
// `begin`: same stored run, same engine), so the visitor's next messages go to the procedure stage.
import type { ConversationRecord } from '../../../shared/schemas/entities.js';
import type { Procedure } from '../../../shared/schemas/procedures.js';
import type { AgentTool } from '../agent/provider.js';
import type { BeginRun } from './stage.js';

export const START_PROCEDURE = 'start_procedure';

/** Each procedure as the model reads it: id, name, what it is for, and the words that usually ask for it. */
function describe(procedures: readonly Procedure[]): string {
  const lines = procedures.map((p) => {
    const what = p.description.trim() ? ` — ${p.description.trim()}` : '';
    return `- "${p.id}": ${p.name}${what}. Visitors ask for it with phrases like: ${p.triggers.map((t) => `"${t}"`).join(', ')}`;
  });
  return [
    "Start one of the site's scripted procedures when the visitor's intent is what it handles; it then asks the visitor its own questions, step by step.",
    'Call it only for a clear intent, not for a question about the topic. Procedures:',
    ...lines,
  ].join('\n');
}

/**
 * The tool for one reply; `tools` and `locale` are the reply's, for the procedure's own tool steps
 * and texts. The enum holds ids: names may repeat, ids do not.
 */
export function startProcedureTool(input: {
  conversation: ConversationRecord;
  procedures: readonly Procedure[];
  tools: AgentTool[];
  locale: string | null;
  begin: BeginRun;
}): AgentTool {
  return {
    name: START_PROCEDURE,
    kind: 'builtin',
    description: describe(input.procedures),
    parameters: {
      type: 'object',
      properties: { procedure: { type: 'string', enum: input.procedures.map((p) => p.id), description: 'The id of the procedure to start' } },
      required: ['procedure'],
      additionalProperties: false,
    },
    async run(args) {
      const procedure = input.procedures.find((p) => p.id === args.procedure || p.name === args.procedure);
      if (!procedure) return { content: `Unknown procedure. Use one of: ${input.procedures.map((p) => p.id).join(', ')}.` };
      const reply = await input.begin(input.conversation, procedure, input.tools, input.locale);
      // The procedure's own words are the reply (`reply`: the provider ends the turn with them as is);
      // the content tells a model that reads it anyway to add nothing.
      return { content: `The procedure "${procedure.name}" has started and its text was sent to the visitor as is. Add nothing.`, reply };
    },
  };
}
