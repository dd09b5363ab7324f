// Guidance rules (spec 2.7): instructions in priority order per profile, active or draft, scoped to
// an audience (none: Everyone). allowed_tools is derived from the instructions on every write.
import type { AppContext } from '../../context.js';
import type { GuidanceBody, GuidancePatchBody, GuidanceRule } from '../../../shared/schemas/behaviour.js';
import { conflict, notFound } from '../../errors.js';
import { newId, now } from '../../lib/ids.js';
import { checkNewOrder } from '../../lib/reorder.js';
import { createAudienceService } from '../audiences/service.js';
import { createProfileService } from '../profiles/service.js';
import { knownTools, splitTools } from './tool-names.js';

export const MAX_RULES_PER_PROFILE = 200;

export function createGuidanceService(ctx: AppContext) {
  const rules = ctx.store.collection('guidance_rules');
  const audiences = createAudienceService(ctx.store);
  const profiles = createProfileService(ctx.store);

  const ofProfile = async (projectId: string, profileId: string) =>
    (await rules.list(projectId)).filter((r) => r.profile_id === profileId).sort((a, b) => a.priority - b.priority);

  async function withFlags(rule: GuidanceRule) {
    const { unknown_tools } = splitTools(rule.instructions, await knownTools(ctx, rule.project_id, rule.profile_id));
    return { ...rule, unknown_tools };
  }

  async function require(projectId: string, id: string): Promise<GuidanceRule> {
    const r = await rules.get(projectId, id);
    if (!r) throw notFound('guidance rule');
    return r;
  }

  return {
    ofProfile,
    get: async (projectId: string, id: string) => withFlags(await require(projectId, id)),

    async list(projectId: string, profileId: string | undefined) {
      const profile = await profiles.resolve(projectId, profileId);
      return ofProfile(projectId, profile.id);
    },

    async create(projectId: string, body: GuidanceBody) {
      const profile = await profiles.resolve(projectId, body.profile_id);
      await audiences.assertExists(projectId, body.audience_id);
      const existing = await ofProfile(projectId, profile.id);
      if (existing.length >= MAX_RULES_PER_PROFILE) throw conflict(`A profile has at most ${MAX_RULES_PER_PROFILE} guidance rules`);
      const { allowed_tools } = splitTools(body.instructions, await knownTools(ctx, projectId, profile.id));
      const t = now();
      const rule = await rules.put(projectId, {
        id: newId(),
        project_id: projectId,
        profile_id: profile.id,
        name: body.name.trim(),
        instructions: body.instructions,
        allowed_tools,
        audience_id: body.audience_id ?? null,
        state: body.state ?? 'active',
        priority: (existing.at(-1)?.priority ?? 0) + 1,
        created_at: t,
        updated_at: t,
      });
      return withFlags(rule);
    },

    async update(projectId: string, id: string, body: GuidancePatchBody) {
      const current = await require(projectId, id);
      await audiences.assertExists(projectId, body.audience_id);
      const instructions = body.instructions ?? current.instructions;
      const { allowed_tools } = splitTools(instructions, await knownTools(ctx, projectId, current.profile_id));
      const updated = await rules.update(projectId, id, (r) => ({
        ...r,
        ...(body.name !== undefined ? { name: body.name.trim() } : {}),
        ...(body.audience_id !== undefined ? { audience_id: body.audience_id } : {}),
        ...(body.state !== undefined ? { state: body.state } : {}),
        instructions,
        allowed_tools,
        updated_at: now(),
      }));
      return withFlags(updated!);
    },

    async remove(projectId: string, id: string): Promise<void> {
      const rule = await require(projectId, id);
      await rules.delete(projectId, id);
      // Keep priorities dense (1..n) so a reorder body and the list agree.
      const rest = await ofProfile(projectId, rule.profile_id);
      for (const [i, r] of rest.entries()) if (r.priority !== i + 1) await rules.update(projectId, r.id, (x) => ({ ...x, priority: i + 1 }));
    },

    /** The new order must name every rule of the profile exactly once. */
    async reorder(projectId: string, profileId: string | undefined, ids: string[]): Promise<GuidanceRule[]> {
      const profile = await profiles.resolve(projectId, profileId);
      checkNewOrder((await ofProfile(projectId, profile.id)).map((r) => r.id), ids, 'rule_ids', 'rule of the profile');
      const t = now();
      for (const [i, id] of ids.entries()) await rules.update(projectId, id, (r) => ({ ...r, priority: i + 1, updated_at: t }));
      return ofProfile(projectId, profile.id);
    },
  };
}
