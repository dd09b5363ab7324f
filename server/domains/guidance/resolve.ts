// What shapes one reply (spec 2.7, 2.8): the default profile's active rules whose audience the
// conversation is in, in priority order, or the Everyone rules when it is in none of them; the tools
// those rules allow; the knowledge sources its audiences may see. Computed once per reply.
import type { AppContext } from '../../context.js';
import type { ConversationRecord } from '../../../shared/schemas/entities.js';
import type { GuidanceRule, GuidanceTrace, Profile } from '../../../shared/schemas/behaviour.js';
import { matchAudiences } from '../audiences/evaluate.js';
import { gatherFacts } from '../audiences/facts.js';
import { predicateOf } from '../audiences/service.js';
import { createProfileService } from '../profiles/service.js';

export interface Behaviour {
  profile: Profile;
  rules: GuidanceRule[];
  /** Tool names the rules allow; null when the profile has no active rules (its enabled actions apply). */
  allowedTools: Set<string> | null;
  /** Sources the conversation may be answered from; undefined when no source has an audience. */
  sourceIds: string[] | undefined;
  trace: Omit<GuidanceTrace, 'allowed_tools'>;
}

export async function resolveBehaviour(ctx: AppContext, conversation: ConversationRecord): Promise<Behaviour> {
  const projectId = conversation.project_id;
  const profile = await createProfileService(ctx.store).defaultProfile(projectId);
  const [allRules, sources] = await Promise.all([ctx.store.collection('guidance_rules').list(projectId), ctx.store.collection('sources').list(projectId)]);
  const active = allRules.filter((r) => r.profile_id === profile.id && r.state === 'active').sort((a, b) => a.priority - b.priority);
  const scopedSources = sources.filter((s) => s.audience_id);

  const wanted = new Set<string>([...active.flatMap((r) => (r.audience_id ? [r.audience_id] : [])), ...scopedSources.map((s) => s.audience_id as string)]);
  let matched = new Set<string>();
  if (wanted.size) {
    const audiences = (await ctx.store.collection('audiences').list(projectId)).filter((a) => wanted.has(a.id));
    const facts = await gatherFacts(ctx, conversation, profile.timezone);
    matched = new Set(matchAudiences(audiences.map((a) => ({ id: a.id, predicate: predicateOf(a) })), facts));
  }

  const scoped = active.filter((r) => r.audience_id && matched.has(r.audience_id));
  const everyone = scoped.length === 0;
  const rules = everyone ? active.filter((r) => !r.audience_id) : scoped;
  return {
    profile,
    rules,
    allowedTools: active.length ? new Set(rules.flatMap((r) => r.allowed_tools)) : null,
    sourceIds: scopedSources.length ? sources.filter((s) => !s.audience_id || matched.has(s.audience_id)).map((s) => s.id as string) : undefined,
    trace: { profile_id: profile.id, rule_ids: rules.map((r) => r.id), audience_ids: [...matched], everyone },
  };
}
