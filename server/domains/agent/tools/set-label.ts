// set_label (toolbox "conversation", spec 2.9): the model adds one of the project's labels, by name,
// to the conversation it is answering. Labels are project entities the team defines (spec 2.5);
// the model cannot invent one: an unknown name is a tool error listing the names it may use.
import type { AgentTool } from '../provider.js';
import type { Label } from '../../../../shared/schemas/entities.js';
import type { ConversationService } from '../../conversations/service.js';

/** As for the team's label changes (operators/service.ts). */
const MAX_LABELS = 50;
const LISTED = 30;

export interface SetLabelDeps {
  projectId: string;
  conversationId: string;
  conversations: ConversationService;
  labels: () => Promise<Label[]>;
}

export function setLabelTool(deps: SetLabelDeps): AgentTool {
  return {
    name: 'set_label',
    description: "Add one of the project's labels to this conversation (e.g. to mark a topic or a sales lead for the team). Use an existing label name exactly; labels cannot be created here.",
    parameters: {
      type: 'object',
      properties: { label: { type: 'string', description: 'The name of an existing label' } },
      required: ['label'],
      additionalProperties: false,
    },
    async run(args) {
      const name = typeof args.label === 'string' ? args.label.trim() : '';
      const labels = await deps.labels();
      const names = labels.map((l) => l.name).sort((a, b) => a.localeCompare(b));
      const known = names.length ? `The labels are: ${names.slice(0, LISTED).join(', ')}${names.length > LISTED ? ', …' : ''}.` : 'This project has no labels.';
      if (!name) return { content: `label must be a non-empty label name. ${known}` };
      const label = labels.find((l) => l.name.toLowerCase() === name.toLowerCase());
      if (!label) return { content: `Error: there is no label named ${JSON.stringify(name)}; nothing was changed. ${known}` };
      const record = await deps.conversations.require(deps.projectId, deps.conversationId);
      if (record.labels.includes(label.id)) return { content: `The conversation already has the label "${label.name}".` };
      if (record.labels.length >= MAX_LABELS) return { content: `Error: the conversation already carries ${MAX_LABELS} labels, the most it can; nothing was changed.` };
      await deps.conversations.patch(deps.projectId, deps.conversationId, { labels: [...record.labels, label.id] });
      return { content: `Added the label "${label.name}" to the conversation.` };
    },
  };
}
