// Profiles and guidance rules of the open project (spec 2.7, 2.9; docs/behaviour.md): the only module
// of the Behaviour page that calls the API. Types come from the server's schemas (types only, so no
// validator reaches the console bundle).
import type { Static } from 'typebox';
import type { Audience, BUILTIN_ACTIONS, GuidanceBody, GuidancePatchBody, GuidanceRule, ModelSettings, ProfileBody, ProfileOut, ProfilePatchBody } from '../../shared/schemas/behaviour.js';
import { api, withQuery } from './api.js';

export type ProfileView = Static<typeof ProfileOut>;
export type { Audience, GuidanceRule, ModelSettings };
export type BuiltinAction = (typeof BUILTIN_ACTIONS)[number];
/**
 * ProfilePatchBody with the action names spelled out: the schema builds its union of literals from a
 * mapped array, which TypeScript reads as `never`.
 */
export type ProfilePatch = Omit<ProfilePatchBody, 'enabled_actions'> & { enabled_actions?: BuiltinAction[] };
/** A rule as a write returns it: backticked names that are no tool of the profile come back here. */
export type SavedRule = GuidanceRule & { unknown_tools: string[] };

/**
 * What the page says about the built-in actions it knows (spec 2.9). An action the server adds later
 * still shows, by its name, when a profile enables it, and a save keeps it (see ProfileForm).
 */
export const ACTION_TEXT: Readonly<Record<string, { label: string; warning?: string }>> = {
  search_knowledge: { label: 'Search the knowledge' },
  offer_handoff: { label: 'Offer a human' },
  escalate_to_human: { label: 'Escalate to the team', warning: 'Hands the conversation to your team without asking the visitor first.' },
};
export const ACTION_NAMES = ['search_knowledge', 'offer_handoff', 'escalate_to_human'] as const satisfies readonly BuiltinAction[];

const p = (projectId: string) => `/v1/projects/${encodeURIComponent(projectId)}`;
const profilePath = (projectId: string, id: string) => `${p(projectId)}/profiles/${encodeURIComponent(id)}`;
const rulePath = (projectId: string, id: string) => `${p(projectId)}/guidance-rules/${encodeURIComponent(id)}`;

export const behaviourPath = (projectId: string) => `/app/p/${projectId}/behaviour`;

/** The default profile comes first (the server's order). */
export const listProfiles = async (projectId: string) => (await api<{ data: ProfileView[] }>('GET', `${p(projectId)}/profiles`)).data;
export const createProfile = (projectId: string, body: ProfileBody) => api<ProfileView>('POST', `${p(projectId)}/profiles`, body);
export const updateProfile = (projectId: string, id: string, patch: ProfilePatch) => api<ProfileView>('PATCH', profilePath(projectId, id), patch);
export const deleteProfile = (projectId: string, id: string) => api<void>('DELETE', profilePath(projectId, id));

export const listRules = async (projectId: string, profileId: string) =>
  (await api<{ data: GuidanceRule[] }>('GET', withQuery(`${p(projectId)}/guidance-rules`, { profile_id: profileId }))).data;
export const createRule = (projectId: string, body: GuidanceBody) => api<SavedRule>('POST', `${p(projectId)}/guidance-rules`, body);
export const updateRule = (projectId: string, id: string, patch: GuidancePatchBody) => api<SavedRule>('PATCH', rulePath(projectId, id), patch);
export const deleteRule = (projectId: string, id: string) => api<void>('DELETE', rulePath(projectId, id));
/** `ruleIds` lists every rule of the profile, first priority first (else the server answers 400). */
export const reorderRules = async (projectId: string, profileId: string, ruleIds: string[]) =>
  (await api<{ data: GuidanceRule[] }>('POST', `${p(projectId)}/guidance-rules/reorder`, { profile_id: profileId, rule_ids: ruleIds })).data;

export const listAudiences = async (projectId: string) => (await api<{ data: Audience[] }>('GET', `${p(projectId)}/audiences`)).data;

/**
 * The tool names a rule of this profile can write in backticks: its enabled built-in actions (with
 * those its toolboxes add, when the server reports them) and its attached search tables. The server
 * also accepts an action the profile has switched off, but offering it would suggest a tool the agent
 * cannot use.
 */
export function profileTools(profile: ProfileView): { name: string; kind: string }[] {
  const actions = (profile as { effective_actions?: string[] }).effective_actions ?? profile.enabled_actions;
  return [...actions.map((name) => ({ name, kind: 'action' })), ...profile.search_tables.map((t) => ({ name: t.name, kind: 'search table' }))];
}

/** `list` with the item at `index` moved by `delta` places (callers keep it within bounds). */
export function moved<T>(list: T[], index: number, delta: number): T[] {
  const out = [...list];
  const [item] = out.splice(index, 1);
  out.splice(index + delta, 0, item);
  return out;
}
