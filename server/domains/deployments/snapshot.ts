// The draft as a build would freeze it (spec 2.10): one profile, its active guidance rules in
// priority order, the search tables attached to it, the audiences those rules and the sources use,
// and a reference to every indexed source's chunk set (knowledge/snapshots.ts). Used by a build and
// by the diff against `draft`, so both see exactly the same thing.
import type { AppContext } from '../../context.js';
import type { Snapshot, KnowledgeRef } from '../../../shared/schemas/deployments.js';
import type { ChunkSet, Source } from '../knowledge/schemas.js';
import { createProfileService } from '../profiles/service.js';

export async function draftSnapshot(ctx: AppContext, projectId: string, profileId: string | undefined): Promise<Snapshot> {
  const profile = await createProfileService(ctx.store).resolve(projectId, profileId);
  const [rules, sources, chunkSets, audiences, tables] = await Promise.all([
    ctx.store.collection('guidance_rules').list(projectId),
    ctx.store.collection('sources').list(projectId) as Promise<Source[]>,
    ctx.store.collection('chunk_sets').list(projectId) as Promise<ChunkSet[]>,
    ctx.store.collection('audiences').list(projectId),
    ctx.services.tables.attached(projectId, profile.id),
  ]);
  const active = rules.filter((r) => r.profile_id === profile.id && r.state === 'active').sort((a, b) => a.priority - b.priority);
  const setHash = new Map(chunkSets.map((s) => [s.source_id, s.content_hash]));
  const knowledge: KnowledgeRef[] = sources
    .filter((s) => s.status === 'indexed' && setHash.has(s.id))
    .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id))
    .map((s) => ({
      source_id: s.id,
      data_provider_id: s.data_provider_id,
      title: s.title,
      url: s.url,
      audience_id: s.audience_id,
      // The chunk set's own hash: the key under which its chunks are kept once the draft moves on.
      content_hash: setHash.get(s.id)!,
      chunk_count: s.chunk_count,
    }));
  const used = new Set([...active.flatMap((r) => (r.audience_id ? [r.audience_id] : [])), ...knowledge.flatMap((k) => (k.audience_id ? [k.audience_id] : []))]);
  return {
    profile,
    search_tables: tables.map((t) => ({ table_id: t.table.id, name: t.name })),
    rules: active,
    audiences: audiences.filter((a) => used.has(a.id)),
    knowledge,
  };
}
