// Profiles: a project's behaviour configurations (model settings, enabled actions, attached search
// tables, guidance rules; docs/behaviour.md). Every project has one default profile, id `default`,
// created on first use; it is the profile replies use, and search tables attach to it by that id.
import type { AppContext } from '../../context.js';
import type { ParleyStore } from '../../store/index.js';
import { DEFAULT_ACTIONS, DEFAULT_PROFILE_ID, type Profile, type ProfileBody, type ProfilePatchBody, type ModelSettings } from '../../../shared/schemas/behaviour.js';
import { AppError, conflict, invalid, notFound } from '../../errors.js';
import { newId, now } from '../../lib/ids.js';
import { isTimeZone } from '../audiences/local-time.js';
import { effectiveActions } from '../../../shared/schemas/toolboxes.js';

export const MAX_PROFILES_PER_PROJECT = 50;

const DEFAULT_MODEL: ModelSettings = { provider: 'server', model: null, temperature: null, max_tokens: null, max_tool_rounds: null };

function checkTimezone(tz: string | undefined): void {
  if (tz !== undefined && !isTimeZone(tz)) throw invalid(`timezone: ${JSON.stringify(tz)} is not an IANA timezone (e.g. Europe/Berlin)`, [{ path: 'timezone', message: 'unknown timezone' }]);
}

export function createProfileService(store: ParleyStore) {
  const profiles = store.collection('profiles');

  /** External tool servers named on a profile must be the project's (spec 2.9). */
  async function checkMcpServers(projectId: string, ids: string[] | undefined): Promise<string[]> {
    const known = new Set((await store.collection('mcp_servers').list(projectId)).map((s) => s.id));
    const unknown = (ids ?? []).find((id) => !known.has(id));
    if (unknown) throw new AppError('unknown_mcp_server', `mcp_server_ids: no MCP server ${JSON.stringify(unknown)} in this project (GET /mcp-servers lists them)`, { mcp_server_id: unknown });
    return ids ?? [];
  }

  async function defaultProfile(projectId: string): Promise<Profile> {
    const existing = await profiles.get(projectId, DEFAULT_PROFILE_ID);
    if (existing) return existing;
    const t = now();
    return profiles.put(projectId, {
      id: DEFAULT_PROFILE_ID,
      project_id: projectId,
      name: 'Default',
      is_default: true,
      model: DEFAULT_MODEL,
      enabled_actions: [...DEFAULT_ACTIONS],
      toolboxes: [],
      timezone: 'UTC',
      created_at: t,
      updated_at: t,
    });
  }

  async function require(projectId: string, id: string): Promise<Profile> {
    if (id === DEFAULT_PROFILE_ID) return defaultProfile(projectId);
    const p = await profiles.get(projectId, id);
    if (!p) throw notFound('profile');
    return p;
  }

  return {
    defaultProfile,
    require,

    /** A profile named in a request body: an unknown id is the caller's 400, not a 404 of the route. */
    async resolve(projectId: string, id: string | undefined): Promise<Profile> {
      if (id === undefined || id === DEFAULT_PROFILE_ID) return defaultProfile(projectId);
      const p = await profiles.get(projectId, id);
      if (!p) throw new AppError('unknown_profile', `profile_id: no profile ${JSON.stringify(id)} in this project (GET /profiles lists them)`, { profile_id: id });
      return p;
    },

    async list(projectId: string): Promise<Profile[]> {
      await defaultProfile(projectId);
      const all = await profiles.list(projectId);
      return all.sort((a, b) => Number(b.is_default) - Number(a.is_default) || a.created_at.localeCompare(b.created_at));
    },

    async create(projectId: string, body: ProfileBody): Promise<Profile> {
      checkTimezone(body.timezone);
      await defaultProfile(projectId);
      if ((await profiles.list(projectId)).length >= MAX_PROFILES_PER_PROJECT) throw conflict(`A project has at most ${MAX_PROFILES_PER_PROJECT} profiles`);
      const t = now();
      return profiles.put(projectId, {
        id: newId(),
        project_id: projectId,
        name: body.name.trim(),
        is_default: false,
        model: { ...DEFAULT_MODEL, ...body.model },
        enabled_actions: body.enabled_actions ?? [...DEFAULT_ACTIONS],
        toolboxes: body.toolboxes ?? [],
        mcp_server_ids: await checkMcpServers(projectId, body.mcp_server_ids),
        timezone: body.timezone ?? 'UTC',
        created_at: t,
        updated_at: t,
      });
    },

    async update(projectId: string, id: string, body: ProfilePatchBody): Promise<Profile> {
      checkTimezone(body.timezone);
      await require(projectId, id);
      const mcpServerIds = body.mcp_server_ids !== undefined ? await checkMcpServers(projectId, body.mcp_server_ids) : undefined;
      const updated = await profiles.update(projectId, id, (p) => ({
        ...p,
        ...(body.name !== undefined ? { name: body.name.trim() } : {}),
        ...(body.model !== undefined ? { model: { ...p.model, ...body.model } } : {}),
        ...(body.enabled_actions !== undefined ? { enabled_actions: body.enabled_actions } : {}),
        ...(body.toolboxes !== undefined ? { toolboxes: body.toolboxes } : {}),
        ...(mcpServerIds !== undefined ? { mcp_server_ids: mcpServerIds } : {}),
        ...(body.timezone !== undefined ? { timezone: body.timezone } : {}),
        updated_at: now(),
      }));
      return updated!;
    },

    /** The default profile stays; another one goes with its guidance rules. */
    async remove(projectId: string, id: string): Promise<void> {
      const p = await require(projectId, id);
      if (p.is_default) throw conflict('The default profile cannot be deleted');
      const rules = store.collection('guidance_rules');
      for (const r of await rules.list(projectId)) if (r.profile_id === id) await rules.delete(projectId, r.id);
      await profiles.delete(projectId, id);
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;

/** The profile as the API shows it: with its attached search tables and its rules in priority order. */
export async function profileView(ctx: AppContext, profile: Profile) {
  const [tables, rules] = await Promise.all([
    ctx.services.tables.attached(profile.project_id, profile.id),
    ctx.store.collection('guidance_rules').list(profile.project_id),
  ]);
  return {
    ...profile,
    toolboxes: profile.toolboxes ?? [],
    mcp_server_ids: profile.mcp_server_ids ?? [],
    effective_actions: effectiveActions(profile),
    search_tables: tables.map((t) => ({ table_id: t.table.id, name: t.name, description: t.description })),
    guidance_rule_ids: rules.filter((r) => r.profile_id === profile.id).sort((a, b) => a.priority - b.priority).map((r) => r.id),
  };
}
