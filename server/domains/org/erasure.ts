// Erasure of one user on request (organization settings; the person's right to be forgotten):
// every conversation of the user in every project that shares the user's pool (with their messages
// and, through conversations.remove, their files), the widget sessions that named them, and the user
// record with its identifiers. The audit log keeps who asked, when, which ids and how much went,
// never a name, e-mail, phone, external id or message text.
import type { AppContext } from '../../context.js';
import type { ErasureRecord } from '../../../shared/schemas/org-settings.js';
import { newId, now } from '../../lib/ids.js';
import { notFound } from '../../errors.js';

export async function eraseUser(ctx: AppContext, input: { organizationId: string; projectId: string; userId: string; memberId: string }): Promise<ErasureRecord> {
  const project = await ctx.services.projects.getProject(input.projectId);
  if (!project || project.organization_id !== input.organizationId) throw notFound('project');
  const user = await ctx.services.users.get(project.id, input.userId);
  if (!user) throw notFound('user');
  // Projects sharing the pool see the same user, so their conversations with them go too.
  const projects = (await ctx.services.projects.listProjects(input.organizationId)).filter((p) => (p.user_pool_id ?? p.id) === user.user_pool_id);
  let conversations = 0;
  let messages = 0;
  let sessions = 0;
  for (const p of projects) {
    for (const c of await ctx.services.conversations.list(p.id)) {
      if (c.user_id !== user.id) continue;
      if (await ctx.services.conversations.remove(p.id, c.id)) {
        conversations++;
        messages += c.messages.length;
      }
    }
    const devices = ctx.store.collection('devices');
    for (const doc of (await devices.list(p.id)) as { id: string; kind?: string; user_id?: string }[]) {
      if (doc.kind === 'session' && doc.user_id === user.id && (await devices.delete(p.id, doc.id))) sessions++;
    }
  }
  await ctx.services.users.remove(project.id, user.id);
  const record: ErasureRecord = {
    id: newId(),
    organization_id: input.organizationId,
    project_id: project.id,
    user_id: user.id,
    member_id: input.memberId,
    conversations_deleted: conversations,
    messages_deleted: messages,
    sessions_deleted: sessions,
    at: now(),
  };
  await ctx.store.collection('audit_log').put(input.organizationId, { ...record, kind: 'user_erasure' });
  return record;
}

export async function listErasures(ctx: AppContext, organizationId: string): Promise<ErasureRecord[]> {
  const all = (await ctx.store.collection('audit_log').list(organizationId)) as (ErasureRecord & { kind: string })[];
  return all
    .filter((r) => r.kind === 'user_erasure')
    .map(({ kind: _kind, ...r }) => r)
    .sort((a, b) => (a.at < b.at ? 1 : -1));
}
