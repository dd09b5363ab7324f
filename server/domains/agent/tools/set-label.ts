// set_label (toolbox "conversation", spec 2.9): the model adds one of the project's labels, by name,
// to the conversation it is answering, or with `on: "user"` to the conversation's user (spec 2.4; user
// labels are names, users/labels.ts). Labels are project entities the team defines (spec 2.5); the
// model cannot invent one, for the user either: an unknown name is a tool error listing the names it
// may use.
import type { AgentTool } from '../provider.js';
import type { Label } from '../../../../shared/schemas/entities.js';
import type { ConversationService } from '../../conversations/service.js';
import type { UserService } from '../../users/service.js';
import { changeUserLabel, MAX_USER_LABELS } from '../../users/labels.js';

/** As for the team's label changes (operators/service.ts). */
const MAX_LABELS = 50;
const LISTED = 30;

export interface SetLabelDeps {
  projectId: string;
  conversationId: string;
  conversations: ConversationService;
  labels: () => Promise<Label[]>;
  /** For `on: "user"`: the conversation's user. Without it the tool labels conversations only. */
  user?: { id: string; users: UserService };
}

export function setLabelTool(deps: SetLabelDeps): AgentTool {
  return {
    name: 'set_label',
    description: "Add one of the project's labels to this conversation (e.g. to mark a topic or a sales lead for the team). Use an existing label name exactly; labels cannot be created here.",
    parameters: {
      type: 'object',
      properties: {
        label: { type: 'string', description: 'The name of an existing label' },
        on: { type: 'string', enum: ['conversation', 'user'], description: 'What to label: this conversation (default) or the user across their conversations' },
      },
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
      if (args.on === 'user') {
        if (!deps.user) return { content: 'Error: this conversation has no stored user to label; nothing was changed.' };
        const outcome = await changeUserLabel(deps.user.users, deps.projectId, deps.user.id, label.name);
        if (outcome === 'unchanged') return { content: `The user already has the label "${label.name}".` };
        if (outcome === 'full') return { content: `Error: the user already carries ${MAX_USER_LABELS} labels, the most they can; nothing was changed.` };
        if (outcome === 'no_user') return { content: 'Error: this conversation has no stored user to label; nothing was changed.' };
        return { content: `Added the label "${label.name}" to the user.` };
      }
      if (args.on !== undefined && args.on !== 'conversation') return { content: 'Error: on must be "conversation" or "user"; nothing was changed.' };
      const record = await deps.conversations.require(deps.projectId, deps.conversationId);
      if (record.labels.includes(label.id)) return { content: `The conversation already has the label "${label.name}".` };
      if (record.labels.length >= MAX_LABELS) return { content: `Error: the conversation already carries ${MAX_LABELS} labels, the most it can; nothing was changed.` };
      await deps.conversations.patch(deps.projectId, deps.conversationId, { labels: [...record.labels, label.id] });
      return { content: `Added the label "${label.name}" to the conversation.` };
    },
  };
}
