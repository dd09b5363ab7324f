// Triggers before every AI reply (spec 6), the agent runtime's `beforeReply` seam: the built-in spam
// detection first (a message scoring at or above SPAM_THRESHOLD marks the conversation spam, which is
// never billed and left out of analytics, spec 8.1.2, and gets no AI reply), then the project's
// active triggers in order, each firing when its audience (if any) and all its conditions hold.
// Effects add up: any `block` stops the reply; labels are added and removed in trigger order, the
// conversation's and its user's (user labels are names, users/labels.ts). What
// happened is stored per visitor message in `trigger_runs` (GET /v1/projects/{id}/trigger-runs).
import type { AppContext } from '../../context.js';
import type { ReplyStages } from '../agent/runtime.js';
import type { ConversationRecord, Message } from '../../../shared/schemas/entities.js';
import type { Audience } from '../../../shared/schemas/behaviour.js';
import { detectLanguage } from '../knowledge/analysis/language.js';
import { matchAudiences } from '../audiences/evaluate.js';
import { gatherFacts } from '../audiences/facts.js';
import { predicateOf } from '../audiences/service.js';
import { createProfileService } from '../profiles/service.js';
import { isSpam, spamScore } from '../spam/score.js';
import { conditionsHold } from './evaluate.js';
import { changeUserLabel } from '../users/labels.js';

export function triggerStage(ctx: AppContext): NonNullable<ReplyStages['beforeReply']> {
  return async (conversation: ConversationRecord, message: Message) => {
    const projectId = conversation.project_id;
    const active = (await ctx.store.collection('triggers').list(projectId)).filter((t) => t.state === 'active').sort((a, b) => a.priority - b.priority);
    const earlier = conversation.messages
      .filter((m) => m.role === 'user' && m.type === 'message' && m.id !== message.id)
      .map((m) => ({ text: m.content, at: Date.parse(m.created_at) }));
    const score = spamScore(message.content, earlier, Date.parse(message.created_at));
    const spam = isSpam(score);

    const wanted = new Set(active.flatMap((t) => (t.audience_id ? [t.audience_id] : [])));
    // Conditions written in a trigger are evaluated as an audience of their own, compiled once per edit.
    const inline = active.filter((t) => t.audience_conditions?.length).map((t) => ({ id: `trigger:${t.id}`, predicate: predicateOf({ id: `trigger:${t.id}`, updated_at: t.updated_at, conditions: t.audience_conditions! } as Audience) }));
    let inAudience = new Set<string>();
    if (wanted.size || inline.length) {
      const audiences = (await ctx.store.collection('audiences').list(projectId)).filter((a) => wanted.has(a.id));
      const profile = await createProfileService(ctx.store).defaultProfile(projectId);
      const facts = await gatherFacts(ctx, conversation, profile.timezone);
      inAudience = new Set(matchAudiences([...audiences.map((a) => ({ id: a.id, predicate: predicateOf(a) })), ...inline], facts));
    }
    const inScope = (t: (typeof active)[number]) => (!t.audience_id || inAudience.has(t.audience_id)) && (!t.audience_conditions?.length || inAudience.has(`trigger:${t.id}`));
    // The message's language only when a trigger may ask for it: a project without triggers skips it.
    const facts = active.length ? { text: message.content, language: detectLanguage(message.content), spamScore: score.score } : null;
    const fired = facts ? active.filter((t) => inScope(t) && conditionsHold(t, facts)) : [];

    let blocked = spam;
    const labels = new Set(conversation.labels);
    const added: string[] = [];
    const removed: string[] = [];
    const userAdded: string[] = [];
    const userRemoved: string[] = [];
    for (const t of fired) {
      for (const e of t.effects) {
        if (e.type === 'block') blocked = true;
        else if (e.type === 'add_user_label' || e.type === 'remove_user_label') {
          const remove = e.type === 'remove_user_label';
          // A simulation's visitor is not stored: its user labels stay as its context says.
          if (conversation.simulation) continue;
          if ((await changeUserLabel(ctx.services.users, projectId, conversation.user_id, e.label, remove)) === 'changed') (remove ? userRemoved : userAdded).push(e.label.trim());
        }
        else if (e.type === 'add_label' && !labels.has(e.label_id)) {
          labels.add(e.label_id);
          added.push(e.label_id);
        } else if (e.type === 'remove_label' && labels.delete(e.label_id)) removed.push(e.label_id);
      }
    }
    const markSpam = spam && !conversation.spam;
    if (added.length || removed.length || markSpam) {
      await ctx.services.conversations.patch(projectId, conversation.id, { ...(added.length || removed.length ? { labels: [...labels] } : {}), ...(markSpam ? { spam: true } : {}) });
    }
    if (fired.length || spam) {
      // trigger.fired is stored before the run and sent once the run exists (webhooks/relay.ts).
      const events =
        conversation.channel_type === 'simulation'
          ? []
          : fired.map((t) => ['trigger.fired', { conversation_id: conversation.id, message_id: message.id, trigger_id: t.id, actions: t.effects.map((e) => e.type) }] as const);
      await ctx.services.webhooks.around(projectId, events.map(([type, data]) => [type, data]), { collection: 'trigger_runs', scope: projectId, id: message.id }, () => ctx.store.collection('trigger_runs').put(projectId, {
        id: message.id,
        conversation_id: conversation.id,
        trigger_ids: fired.map((t) => t.id),
        blocked,
        spam_score: score.score,
        spam,
        labels_added: added,
        labels_removed: removed,
        ...(userAdded.length || userRemoved.length ? { user_labels_added: userAdded, user_labels_removed: userRemoved } : {}),
        at: new Date().toISOString(),
      }));
    }
    return { blocked };
  };
}
