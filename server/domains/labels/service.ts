// Labels as project entities (spec 2.5, 10; `label:read` / `label:upsert`): conversations carry label
// ids, so a rename shows everywhere at once; deleting a label takes it off every conversation.
// Names are unique per project, case-insensitively. The list counts the visible conversations that
// carry each label; every change reaches the team feed (changes.ts).
import type { AppContext } from '../../context.js';
import type { Label } from '../../../shared/schemas/entities.js';
import type { LabelBody, LabelPatchBody, LabelWithCount } from '../../../shared/schemas/operators.js';
import { newId, now } from '../../lib/ids.js';
import { conflict, notFound } from '../../errors.js';
import { labelChanges } from './changes.js';

export const MAX_LABELS_PER_PROJECT = 500;

export function createLabelService(ctx: AppContext) {
  const labels = ctx.store.collection('labels');

  async function assertFreeName(projectId: string, name: string, selfId?: string) {
    const taken = (await labels.list(projectId)).some((l) => l.id !== selfId && l.name.toLowerCase() === name.toLowerCase());
    if (taken) throw conflict(`A label named ${JSON.stringify(name)} exists in this project`);
  }

  const changed = <T>(projectId: string, value: T): T => {
    labelChanges.emit('change', { project_id: projectId });
    return value;
  };

  return {
    async list(projectId: string): Promise<LabelWithCount[]> {
      const counts = new Map<string, number>();
      for (const c of await ctx.services.conversations.list(projectId)) {
        if (c.hidden) continue;
        for (const id of c.labels) counts.set(id, (counts.get(id) ?? 0) + 1);
      }
      return (await labels.list(projectId)).map((l) => ({ ...l, conversation_count: counts.get(l.id) ?? 0 }));
    },

    async create(projectId: string, body: LabelBody): Promise<Label> {
      const name = body.name.trim();
      await assertFreeName(projectId, name);
      if ((await labels.list(projectId)).length >= MAX_LABELS_PER_PROJECT) throw conflict(`A project has at most ${MAX_LABELS_PER_PROJECT} labels`);
      const t = now();
      return changed(projectId, await labels.put(projectId, { id: newId(), project_id: projectId, name, color: body.color ?? null, created_at: t, updated_at: t }));
    },

    async rename(projectId: string, id: string, body: LabelPatchBody): Promise<Label> {
      if (body.name !== undefined) await assertFreeName(projectId, body.name.trim(), id);
      const updated = await labels.update(projectId, id, (l) => ({
        ...l,
        ...(body.name !== undefined ? { name: body.name.trim() } : {}),
        ...(body.color !== undefined ? { color: body.color } : {}),
        updated_at: now(),
      }));
      if (!updated) throw notFound('label');
      return changed(projectId, updated);
    },

    async remove(projectId: string, id: string): Promise<void> {
      if (!(await labels.get(projectId, id))) throw notFound('label');
      for (const c of await ctx.services.conversations.list(projectId)) {
        if (c.labels.includes(id)) await ctx.services.conversations.patch(projectId, c.id, { labels: c.labels.filter((l) => l !== id) });
      }
      await labels.delete(projectId, id);
      changed(projectId, undefined);
    },
  };
}
