// Deployments and aliases (spec 2.10, 9; docs/behaviour.md "Deployments and aliases").
// - A build freezes the draft (snapshot.ts) as the next version number; builds are never changed or
//   deleted. Restoring an old build publishes its snapshot again as a new version ("restored from vN"),
//   so the history only grows and every version a channel ever served stays reproducible.
// - An alias names a build. Mutable aliases move (promotion, rollback); immutable ones never move and
//   are never deleted (so the name cannot come back at another version). Each move is appended to
//   the alias's history with who made it and when.
// - Channels name an alias; a reply resolves channel → alias → build when it starts (forChannel), so
//   repointing switches every connected widget at its next reply, with no reconnect.
import type { AppContext } from '../../context.js';
import type { Actor, Alias, AliasBody, AliasOut, BuildBody, Deployment, DeploymentDiff, DeploymentSummary, KnowledgeRef, Snapshot, StoredDeployment } from '../../../shared/schemas/deployments.js';
import { AppError, notFound } from '../../errors.js';
import { now } from '../../lib/ids.js';
import { draftSnapshot } from './snapshot.js';
import { diffSnapshots } from './diff.js';
import { exclusively } from '../../jobs/claims.js';
import { sharedState } from '../../jobs/shared.js';

/** Moves kept per alias: enough to audit months of releases without growing without bound. */
export const MAX_ALIAS_HISTORY = 500;

export const snapshotKey = (version: number) => `v${version}`;
/** Published after a build: the other instances prepare its index before a visitor needs it. */
const DEPLOYMENT_BUILT = 'deployment.built';

export function createDeploymentService(ctx: AppContext) {
  const deployments = ctx.store.collection('deployments');
  const aliases = ctx.store.collection('aliases');
  const { snapshots } = ctx.services.knowledge;
  const { claims, leaseMs } = sharedState(ctx);

  async function expand(stored: StoredDeployment): Promise<Deployment> {
    const { knowledge_manifest, ...rest } = stored;
    return { ...rest, knowledge: await snapshots.manifest<KnowledgeRef>(stored.project_id, knowledge_manifest) };
  }

  async function get(projectId: string, version: number): Promise<Deployment> {
    const d = await deployments.get(projectId, String(version));
    if (!d) throw notFound(`deployment ${version}`);
    return expand(d);
  }

  async function publish(projectId: string, actor: Actor, note: string, snapshot: () => Promise<Snapshot>, restoredFrom: number | null): Promise<Deployment> {
    // Under the knowledge lock: the hashes read here cannot be overwritten before the build is stored,
    // and two builds never take the same number; the claim extends that to builds on other instances
    // of the same database (docs/architecture.md section 7).
    const built = await snapshots.exclusive(projectId, () => exclusively(claims, `deployment-build:${projectId}`, leaseMs, async () => {
      const version = Math.max(0, ...(await deployments.list(projectId)).map((d) => d.version)) + 1;
      const { knowledge, ...config } = await snapshot();
      const knowledgeManifest = await snapshots.saveManifest(projectId, knowledge);
      const createdAt = now();
      // deployment.built is stored before the build and sent once the build exists (webhooks/relay.ts).
      const event = { deployment: { version, note, created_at: createdAt, restored_from: restoredFrom } };
      const check = { collection: 'deployments', scope: projectId, id: String(version), fields: { created_at: createdAt } } as const;
      await ctx.services.webhooks.around(projectId, [['deployment.built', event]], check, () =>
        deployments.put(projectId, {
          id: String(version),
          project_id: projectId,
          version,
          note,
          created_by: actor,
          created_at: createdAt,
          restored_from: restoredFrom,
          ...config,
          knowledge_manifest: knowledgeManifest,
        }),
      );
      return get(projectId, version);
    }));
    // The build's index and calibration are made ahead of the first visitor that needs them, here
    // and on every other instance (the signal).
    ctx.services.knowledge.calibrateSnapshot(projectId, { key: snapshotKey(built.version), refs: built.knowledge }).catch(() => undefined);
    ctx.signals.publish(DEPLOYMENT_BUILT, { project_id: projectId, version: built.version, from: ctx.signals.instanceId });
    return built;
  }

  async function summary(stored: StoredDeployment, pointing: Alias[]): Promise<DeploymentSummary> {
    const { profile, rules, knowledge, audiences: _a, search_tables: _t, ...meta } = await expand(stored);
    return {
      ...meta,
      profile_id: profile.id,
      rule_count: rules.length,
      source_count: knowledge.length,
      chunk_count: knowledge.reduce((n, k) => n + k.chunk_count, 0),
      aliases: pointing.filter((a) => a.version === meta.version).map((a) => a.name),
    };
  }

  async function channelsOf(projectId: string): Promise<Map<string, string[]>> {
    const byAlias = new Map<string, string[]>();
    for (const c of await ctx.services.projects.listChannels(projectId)) {
      if (c.alias) byAlias.set(c.alias, [...(byAlias.get(c.alias) ?? []), c.id]);
    }
    return byAlias;
  }

  async function snapshotOf(projectId: string, which: string): Promise<Snapshot> {
    return which === 'draft' ? draftSnapshot(ctx, projectId, undefined) : get(projectId, Number(which));
  }

  return {
    get,

    async list(projectId: string): Promise<DeploymentSummary[]> {
      const [all, pointing] = await Promise.all([deployments.list(projectId), aliases.list(projectId)]);
      return Promise.all(all.sort((a, b) => b.version - a.version).map((d) => summary(d, pointing)));
    },

    build(projectId: string, body: BuildBody, actor: Actor): Promise<Deployment> {
      return publish(projectId, actor, body.note?.trim() ?? '', () => draftSnapshot(ctx, projectId, body.profile_id), null);
    },

    async restore(projectId: string, version: number, note: string | undefined, actor: Actor): Promise<Deployment> {
      const old = await get(projectId, version);
      const { profile, search_tables, rules, audiences, knowledge } = old;
      return publish(projectId, actor, note?.trim() || `Restored from v${version}`, async () => ({ profile, search_tables, rules, audiences, knowledge }), version);
    },

    /** `from`/`to`: a version number or `draft` (what a build would take now). */
    async diff(projectId: string, from: string, to: string): Promise<DeploymentDiff> {
      const [a, b] = await Promise.all([snapshotOf(projectId, from), snapshotOf(projectId, to)]);
      return diffSnapshots(a, b, { from, to });
    },

    // ---- aliases ----
    async listAliases(projectId: string): Promise<AliasOut[]> {
      const [all, byAlias] = await Promise.all([aliases.list(projectId), channelsOf(projectId)]);
      return all.sort((a, b) => a.name.localeCompare(b.name)).map((a) => ({ ...a, channel_ids: byAlias.get(a.name) ?? [] }));
    },

    async getAlias(projectId: string, name: string): Promise<AliasOut> {
      const a = await aliases.get(projectId, name);
      if (!a) throw notFound(`alias ${JSON.stringify(name)}`);
      return { ...a, channel_ids: (await channelsOf(projectId)).get(name) ?? [] };
    },

    /**
     * Creates the alias or repoints it; an immutable alias refuses to move. `check` runs once the move
     * is known to be valid and before it is written (the saved simulation suites, simulations/service.ts);
     * it throws to refuse the move and returns the ids of what it ran, kept in the history.
     */
    async pointAlias(projectId: string, name: string, body: AliasBody, actor: Actor, check?: (version: number) => Promise<string[]>): Promise<{ alias: AliasOut; created: boolean }> {
      if (!(await deployments.get(projectId, String(body.version)))) {
        throw new AppError('unknown_deployment', `version: there is no build ${body.version} in this project (GET /deployments lists them)`, { version: body.version });
      }
      const existing = await aliases.get(projectId, name);
      if (existing) {
        if (body.mutable !== undefined && body.mutable !== existing.mutable) {
          throw new AppError('invalid_request', '`mutable` is chosen when an alias is created; create a new alias for a fixed rollback point');
        }
        if (existing.version === body.version) return { alias: { ...existing, channel_ids: (await channelsOf(projectId)).get(name) ?? [] }, created: false };
        if (!existing.mutable) {
          throw new AppError('alias_immutable', `Alias ${JSON.stringify(name)} is immutable: it always points to v${existing.version}. Point a mutable alias at v${body.version} instead`);
        }
      }
      const checked = !body.skip_suites && check ? await check(body.version) : [];
      const at = now();
      const move = (previous: number | null) => ({
        version: body.version,
        previous,
        at,
        by: actor,
        note: body.note?.trim() ?? '',
        ...(checked.length ? { suite_run_ids: checked } : {}),
        ...(body.skip_suites ? { skipped_suites: true } : {}),
      });
      // alias.moved is stored before the move and sent once the alias shows it (webhooks/relay.ts).
      const event = { alias: { name, version: body.version, previous_version: existing?.version ?? null, at } };
      const landed = { collection: 'aliases', scope: projectId, id: name, fields: { version: body.version, updated_at: at } } as const;
      const stored: Alias = await ctx.services.webhooks.around(projectId, [['alias.moved', event]], landed, async () => {
        if (!existing) {
          return aliases.put(projectId, { id: name, project_id: projectId, name, version: body.version, mutable: body.mutable ?? true, created_at: at, updated_at: at, history: [move(null)] });
        }
        const updated = await aliases.update(projectId, name, (a) => ({ ...a, version: body.version, updated_at: at, history: [...a.history, move(a.version)].slice(-MAX_ALIAS_HISTORY) }));
        if (!updated) throw notFound(`alias ${JSON.stringify(name)}`);
        return updated;
      });
      return { alias: { ...stored, channel_ids: (await channelsOf(projectId)).get(name) ?? [] }, created: !existing };
    },

    async removeAlias(projectId: string, name: string): Promise<void> {
      const alias = await aliases.get(projectId, name);
      if (!alias) throw notFound(`alias ${JSON.stringify(name)}`);
      // Deleting it would let the name be created again at another version: a fixed rollback point
      // that moves after all (spec 2.10: immutable aliases always point to the same version).
      if (!alias.mutable) {
        throw new AppError('alias_immutable', `Alias ${JSON.stringify(name)} is immutable: it always points to v${alias.version} and is never deleted`);
      }
      const channels = (await channelsOf(projectId)).get(name) ?? [];
      if (channels.length) {
        throw new AppError('alias_in_use', `${channels.length} channel(s) follow alias ${JSON.stringify(name)}: point them at another alias first`, { channel_ids: channels });
      }
      await aliases.delete(projectId, name);
    },

    /** The build a channel's alias names now; null when the channel follows the draft (no alias). */
    async forChannel(projectId: string, channelId: string | null): Promise<Deployment | null> {
      if (!channelId) return null;
      const channel = await ctx.store.collection('channels').get(projectId, channelId);
      if (!channel?.alias) return null;
      const alias = await aliases.get(projectId, channel.alias);
      // A channel names only existing aliases, and an alias in use is never deleted; a store edited by
      // hand falls back to the draft rather than leaving visitors without an answer.
      if (!alias) return null;
      const build = await deployments.get(projectId, String(alias.version));
      return build ? expand(build) : null;
    },
  };
}

export type DeploymentService = ReturnType<typeof createDeploymentService>;

/** Prepares, on this instance, the index of every build made on another one (once per app: routes.ts). */
export function followBuilds(ctx: AppContext, service: DeploymentService): void {
  const unsubscribe = ctx.signals.subscribe(DEPLOYMENT_BUILT, (p: { project_id: string; version: number; from: string }) => {
    if (p.from === ctx.signals.instanceId) return;
    void service
      .get(p.project_id, p.version)
      .then((build) => ctx.services.knowledge.calibrateSnapshot(p.project_id, { key: snapshotKey(build.version), refs: build.knowledge }))
      .catch(() => undefined);
  });
  ctx.onClose(unsubscribe);
}
