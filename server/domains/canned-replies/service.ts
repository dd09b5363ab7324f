// Canned replies (docs/operators.md "Canned replies"): saved answers per project, listed by shortcut.
// Shortcuts are unique per project, so `/shortcut` in the reply box names one answer.
import type { AppContext } from '../../context.js';
import type { CannedReply, CannedReplyBody, CannedReplyPatchBody } from '../../../shared/schemas/canned-replies.js';
import { newId, now } from '../../lib/ids.js';
import { conflict, notFound } from '../../errors.js';

export const MAX_CANNED_REPLIES_PER_PROJECT = 1000;

export function createCannedReplyService(ctx: AppContext) {
  const replies = ctx.store.collection('canned_replies');

  async function assertFreeShortcut(projectId: string, shortcut: string, selfId?: string) {
    if ((await replies.list(projectId)).some((r) => r.id !== selfId && r.shortcut === shortcut)) {
      throw conflict(`The shortcut /${shortcut} is taken in this project`);
    }
  }

  const service = {
    list: async (projectId: string): Promise<CannedReply[]> => (await replies.list(projectId)).sort((a, b) => a.shortcut.localeCompare(b.shortcut)),

    async get(projectId: string, id: string): Promise<CannedReply> {
      const reply = await replies.get(projectId, id);
      if (!reply) throw notFound('canned reply');
      return reply;
    },

    async create(projectId: string, body: CannedReplyBody): Promise<CannedReply> {
      await assertFreeShortcut(projectId, body.shortcut);
      if ((await replies.list(projectId)).length >= MAX_CANNED_REPLIES_PER_PROJECT) throw conflict(`A project has at most ${MAX_CANNED_REPLIES_PER_PROJECT} canned replies`);
      const t = now();
      return replies.put(projectId, { id: newId(), project_id: projectId, shortcut: body.shortcut, title: body.title.trim(), content: body.content, created_at: t, updated_at: t });
    },

    async update(projectId: string, id: string, body: CannedReplyPatchBody): Promise<CannedReply> {
      if (body.shortcut !== undefined) await assertFreeShortcut(projectId, body.shortcut, id);
      const updated = await replies.update(projectId, id, (r) => ({
        ...r,
        ...body,
        ...(body.title !== undefined ? { title: body.title.trim() } : {}),
        updated_at: now(),
      }));
      if (!updated) throw notFound('canned reply');
      return updated;
    },

    async remove(projectId: string, id: string): Promise<void> {
      await service.get(projectId, id);
      await replies.delete(projectId, id);
    },
  };
  return service;
}
