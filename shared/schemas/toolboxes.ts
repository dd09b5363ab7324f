// Toolboxes (spec 2.9): bundles of built-in tools the service provides, enabled per profile by id.
// A profile's toolboxes add their actions to its `enabled_actions` (docs/behaviour.md "Toolboxes and
// web tools"). Plain constants, so the console can import them without a validator.
import { Type, type Static } from 'typebox';
import type { BUILTIN_ACTIONS } from './behaviour.js';

type BuiltinAction = (typeof BUILTIN_ACTIONS)[number];

export const TOOLBOX_IDS = ['knowledge', 'web', 'handoff', 'conversation', 'time'] as const;
export type ToolboxId = (typeof TOOLBOX_IDS)[number];

export const TOOLBOXES: Readonly<Record<ToolboxId, { name: string; description: string; actions: readonly BuiltinAction[] }>> = {
  knowledge: { name: 'Knowledge', description: "Search the project's knowledge base.", actions: ['search_knowledge'] },
  web: { name: 'Web', description: 'Search the web (needs WEB_SEARCH_URL) and read public web pages.', actions: ['search_web', 'fetch_page'] },
  handoff: { name: 'Handoff', description: 'Offer a transfer to a human, or escalate to the team with a handover note.', actions: ['offer_handoff', 'escalate_to_human'] },
  conversation: { name: 'Conversation', description: "Add one of the project's labels to the conversation; remember a fact about the user.", actions: ['set_label', 'set_user_attribute'] },
  time: { name: 'Time', description: "Tell the current date and time in the user's timezone.", actions: ['current_time'] },
};

/** What each built-in action does, for people choosing them (the model gets its own descriptions). */
export const ACTION_DESCRIPTIONS: Readonly<Record<BuiltinAction, string>> = {
  search_knowledge: 'Searches the knowledge base again for follow-up questions.',
  offer_handoff: 'Offers the visitor a transfer to a human; the visitor confirms.',
  escalate_to_human: "Hands the conversation to the team's queue with a handover note, without asking the visitor.",
  search_web: 'Searches the web through the configured SearXNG-compatible provider; results are cited as sources.',
  fetch_page: "Reads a public web page's main text (http and https only, never private addresses); cited as a source.",
  set_label: "Adds one of the project's labels, by name, to the conversation.",
  set_user_attribute: "Stores one key and value in the user's external_attributes.",
  current_time: "Tells the date and time in the user's timezone, else the profile's.",
};

// Spelled out: a union mapped from the array types as never.
export const ToolboxIdSchema = Type.Union([Type.Literal('knowledge'), Type.Literal('web'), Type.Literal('handoff'), Type.Literal('conversation'), Type.Literal('time')]);

export const ToolboxSchema = Type.Object({
  id: ToolboxIdSchema,
  name: Type.String(),
  description: Type.String(),
  actions: Type.Array(
    Type.Object({
      name: Type.String(),
      description: Type.String(),
      /** false: the server cannot offer it (search_web without WEB_SEARCH_URL); enabling it is allowed and has no effect until then. */
      available: Type.Boolean(),
    }),
  ),
});
export type Toolbox = Static<typeof ToolboxSchema>;

export const ToolboxList = Type.Object({ data: Type.Array(ToolboxSchema) });

/** The built-in actions a profile enables: its own `enabled_actions` plus those of its toolboxes (an unknown toolbox id adds nothing). */
export function effectiveActions(profile: { enabled_actions: readonly string[]; toolboxes?: readonly string[] }): string[] {
  const names = new Set<string>(profile.enabled_actions);
  for (const id of profile.toolboxes ?? []) if (Object.hasOwn(TOOLBOXES, id)) for (const a of TOOLBOXES[id as ToolboxId].actions) names.add(a);
  return [...names];
}
