// What shapes one reply (spec 2.7, 2.8, 2.10): the configuration the conversation's channel follows
// (the build its alias names, else the draft: the default profile and the live rules and sources),
// then that profile's active rules whose audience the conversation is in, in priority order, or the
// Everyone rules when it is in none of them; the tools those rules allow; the knowledge sources its
// audiences may see. Computed once per reply.
import type { AppContext } from '../../context.js';
import type { ConversationRecord } from '../../../shared/schemas/entities.js';
import type { Audience, GuidanceRule, GuidanceTrace, Profile } from '../../../shared/schemas/behaviour.js';
import type { KnowledgeSnapshot } from '../knowledge/snapshots.js';
import { matchAudiences } from '../audiences/evaluate.js';
import { gatherFacts } from '../audiences/facts.js';
import { predicateOf } from '../audiences/service.js';
import { createProfileService } from '../profiles/service.js';
import { createDeploymentService, snapshotKey } from '../deployments/service.js';

export interface Behaviour {
  profile: Profile;
  rules: GuidanceRule[];
  /** Tool names the applying rules allow; null when no rule applies (the enabled actions apply). */
  allowedTools: Set<string> | null;
  /** Sources the conversation may be answered from; undefined when no source has an audience. */
  sourceIds: string[] | undefined;
  /** The build's knowledge, when the channel follows an alias; undefined: the draft's. */
  snapshot: KnowledgeSnapshot | undefined;
  /** Search table tool names the build attached; null: the draft's attachments (all offered tools). */
  searchTables: Set<string> | null;
  trace: Omit<GuidanceTrace, 'allowed_tools'>;
}

interface Configuration {
  profile: Profile;
  /** Active rules of the profile, in priority order. */
  rules: GuidanceRule[];
  sources: { id: string; audience_id: string | null }[];
  audiences: (ids: Set<string>) => Promise<Audience[]>;
  snapshot?: KnowledgeSnapshot;
  searchTables: Set<string> | null;
  deployment: number | null;
}

// The services are made once per app context (and store), not per reply: each makes a few dozen
// closures, which every reply paid for.
const deploymentServices = new WeakMap<AppContext, ReturnType<typeof createDeploymentService>>();
const profileServices = new WeakMap<AppContext['store'], ReturnType<typeof createProfileService>>();

function deploymentsOf(ctx: AppContext) {
  let service = deploymentServices.get(ctx);
  if (!service) deploymentServices.set(ctx, (service = createDeploymentService(ctx)));
  return service;
}

function profilesOf(store: AppContext['store']) {
  let service = profileServices.get(store);
  if (!service) profileServices.set(store, (service = createProfileService(store)));
  return service;
}

async function configurationOf(ctx: AppContext, conversation: ConversationRecord): Promise<Configuration> {
  const projectId = conversation.project_id;
  const deployments = deploymentsOf(ctx);
  // A simulation names its target; a real conversation follows its channel's alias.
  const target = conversation.simulation?.target;
  const build = target === undefined ? await deployments.forChannel(projectId, conversation.channel_id) : target === 'draft' ? null : await deployments.get(projectId, target);
  if (build) {
    return {
      profile: build.profile,
      rules: build.rules,
      sources: build.knowledge.map((k) => ({ id: k.source_id, audience_id: k.audience_id })),
      audiences: async (ids) => build.audiences.filter((a) => ids.has(a.id)),
      snapshot: { key: snapshotKey(build.version), refs: build.knowledge },
      searchTables: new Set(build.search_tables.map((t) => t.name)),
      deployment: build.version,
    };
  }
  const profile = await profilesOf(ctx.store).defaultProfile(projectId);
  const [allRules, sources] = await Promise.all([ctx.store.collection('guidance_rules').list(projectId), ctx.store.collection('sources').list(projectId)]);
  return {
    profile,
    rules: allRules.filter((r) => r.profile_id === profile.id && r.state === 'active').sort((a, b) => a.priority - b.priority),
    sources: sources.map((s) => ({ id: s.id as string, audience_id: (s.audience_id as string | null) ?? null })),
    audiences: async (ids) => (await ctx.store.collection('audiences').list(projectId)).filter((a) => ids.has(a.id)),
    searchTables: null,
    deployment: null,
  };
}

export async function resolveBehaviour(ctx: AppContext, conversation: ConversationRecord): Promise<Behaviour> {
  const config = await configurationOf(ctx, conversation);
  const { profile, rules: active, sources } = config;
  const scopedSources = sources.filter((s) => s.audience_id);

  const wanted = new Set<string>([...active.flatMap((r) => (r.audience_id ? [r.audience_id] : [])), ...scopedSources.map((s) => s.audience_id as string)]);
  let matched = new Set<string>();
  if (wanted.size) {
    const audiences = await config.audiences(wanted);
    const facts = await gatherFacts(ctx, conversation, profile.timezone);
    matched = new Set(matchAudiences(audiences.map((a) => ({ id: a.id, predicate: predicateOf(a) })), facts));
  }

  const scoped = active.filter((r) => r.audience_id && matched.has(r.audience_id));
  const everyone = scoped.length === 0;
  const rules = everyone ? active.filter((r) => !r.audience_id) : scoped;
  return {
    profile,
    rules,
    // No rule applies (none at all, or only rules of audiences the conversation is not in and no
    // Everyone rule): the profile's enabled actions apply, as when the profile has no rules.
    allowedTools: rules.length ? new Set(rules.flatMap((r) => r.allowed_tools)) : null,
    sourceIds: scopedSources.length ? sources.filter((s) => !s.audience_id || matched.has(s.audience_id)).map((s) => s.id) : undefined,
    snapshot: config.snapshot,
    searchTables: config.searchTables,
    trace: { profile_id: profile.id, rule_ids: rules.map((r) => r.id), audience_ids: [...matched], everyone, ...(config.deployment !== null ? { deployment: config.deployment } : {}) },
  };
}
