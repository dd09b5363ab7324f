// Triggers (spec 6): CRUD and order. Every write checks what the trigger refers to (a saved
// audience, labels) and refuses a regular expression that could backtrack catastrophically: it runs
// on visitor text before every AI reply, and JavaScript cannot interrupt a running match, so a
// pattern is judged once here by safe-regex2 (the checker find-my-way uses for route patterns), and
// the text it runs on is capped by the message length limit.
import safeRegex from 'safe-regex2';
import type { AppContext } from '../../context.js';
import type { MessageCondition, Trigger, TriggerBody, TriggerEffect, TriggerPatchBody } from '../../../shared/schemas/triggers.js';
import { AppError, conflict, invalid, notFound } from '../../errors.js';
import { newId, now } from '../../lib/ids.js';
import { checkNewOrder } from '../../lib/reorder.js';
import { createAudienceService } from '../audiences/service.js';
import { validateConditions } from '../audiences/validate.js';

export const MAX_TRIGGERS_PER_PROJECT = 200;

function checkPatterns(conditions: MessageCondition[]): void {
  conditions.forEach((c, i) => {
    if (c.type !== 'regex') return;
    try {
      new RegExp(c.pattern, 'iu');
    } catch (err) {
      throw new AppError('unsafe_pattern', `conditions/${i}/pattern: not a valid regular expression (${(err as Error).message})`, { path: `conditions/${i}/pattern` });
    }
    if (!safeRegex(c.pattern)) {
      throw new AppError('unsafe_pattern', `conditions/${i}/pattern: nested repetition like (a+)+ can take exponential time on some messages; write it without a repeated group inside a repetition`, { path: `conditions/${i}/pattern` });
    }
  });
}

export function createTriggerService(ctx: AppContext) {
  const triggers = ctx.store.collection('triggers');
  const audiences = createAudienceService(ctx.store);

  const ordered = async (projectId: string) => (await triggers.list(projectId)).sort((a, b) => a.priority - b.priority);

  async function checkLabels(projectId: string, effects: TriggerEffect[]): Promise<void> {
    const known = new Set((await ctx.store.collection('labels').list(projectId)).map((l) => l.id));
    effects.forEach((e, i) => {
      if ((e.type === 'add_label' || e.type === 'remove_label') && !known.has(e.label_id)) {
        throw new AppError('unknown_label', `effects/${i}/label_id: no label ${JSON.stringify(e.label_id)} in this project (GET /labels lists them)`, { path: `effects/${i}/label_id` });
      }
    });
  }

  async function check(projectId: string, body: TriggerPatchBody): Promise<void> {
    if (body.conditions) checkPatterns(body.conditions);
    if (body.effects) {
      if (body.effects.length === 0) throw invalid('effects: a trigger needs at least one effect', [{ path: 'effects', message: 'is empty' }]);
      await checkLabels(projectId, body.effects);
    }
    await audiences.assertExists(projectId, body.audience_id);
    if (body.audience_conditions) validateConditions(body.audience_conditions, 'audience_conditions');
  }

  async function require(projectId: string, id: string): Promise<Trigger> {
    const t = await triggers.get(projectId, id);
    if (!t) throw notFound('trigger');
    return t;
  }

  return {
    list: ordered,
    get: require,

    async create(projectId: string, body: TriggerBody): Promise<Trigger> {
      await check(projectId, body);
      const all = await ordered(projectId);
      if (all.length >= MAX_TRIGGERS_PER_PROJECT) throw conflict(`A project has at most ${MAX_TRIGGERS_PER_PROJECT} triggers`);
      const t = now();
      return triggers.put(projectId, {
        id: newId(),
        project_id: projectId,
        name: body.name.trim(),
        state: body.state ?? 'active',
        priority: (all.at(-1)?.priority ?? 0) + 1,
        audience_id: body.audience_id ?? null,
        audience_conditions: body.audience_conditions ?? [],
        conditions: body.conditions,
        effects: body.effects,
        created_at: t,
        updated_at: t,
      });
    },

    async update(projectId: string, id: string, body: TriggerPatchBody): Promise<Trigger> {
      await require(projectId, id);
      await check(projectId, body);
      const updated = await triggers.update(projectId, id, (t) => ({
        ...t,
        ...(body.name !== undefined ? { name: body.name.trim() } : {}),
        ...(body.state !== undefined ? { state: body.state } : {}),
        ...(body.audience_id !== undefined ? { audience_id: body.audience_id } : {}),
        ...(body.audience_conditions !== undefined ? { audience_conditions: body.audience_conditions } : {}),
        ...(body.conditions !== undefined ? { conditions: body.conditions } : {}),
        ...(body.effects !== undefined ? { effects: body.effects } : {}),
        updated_at: now(),
      }));
      if (!updated) throw notFound('trigger');
      return updated;
    },

    async remove(projectId: string, id: string): Promise<void> {
      await require(projectId, id);
      await triggers.delete(projectId, id);
    },

    /** The new order must name every trigger exactly once. */
    async reorder(projectId: string, ids: string[]): Promise<Trigger[]> {
      checkNewOrder((await ordered(projectId)).map((t) => t.id), ids, 'trigger_ids', 'trigger of the project');
      const t = now();
      for (const [i, id] of ids.entries()) await triggers.update(projectId, id, (x) => ({ ...x, priority: i + 1, updated_at: t }));
      return ordered(projectId);
    },

    runs: async (projectId: string, conversationId: string) =>
      (await ctx.store.collection('trigger_runs').list(projectId)).filter((r) => r.conversation_id === conversationId).sort((a, b) => a.at.localeCompare(b.at)),
  };
}
