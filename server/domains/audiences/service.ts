// Audiences of a project (spec 2.8): CRUD with validation, the existence check other domains use for
// their `audience_id` fields, and compiled predicates (rebuilt only when an audience changes).
import type { ParleyStore } from '../../store/index.js';
import type { Audience, AudienceBody, AudiencePatchBody } from '../../../shared/schemas/behaviour.js';
import { AppError, conflict, notFound } from '../../errors.js';
import { newId, now } from '../../lib/ids.js';
import { compileAudience, type AudiencePredicate } from './evaluate.js';
import { validateConditions } from './validate.js';

export const MAX_AUDIENCES_PER_PROJECT = 500;

// Keyed by id + updated_at: an edit makes a new key, so a stale predicate is never used.
const compiled = new Map<string, AudiencePredicate>();

export function predicateOf(audience: Audience): AudiencePredicate {
  const key = `${audience.id}@${audience.updated_at}`;
  let p = compiled.get(key);
  if (!p) {
    for (const k of compiled.keys()) if (k.startsWith(`${audience.id}@`)) compiled.delete(k);
    compiled.set(key, (p = compileAudience(audience.conditions)));
  }
  return p;
}

export function createAudienceService(store: ParleyStore) {
  const audiences = store.collection('audiences');

  async function require(projectId: string, id: string): Promise<Audience> {
    const a = await audiences.get(projectId, id);
    if (!a) throw notFound('audience');
    return a;
  }

  return {
    list: (projectId: string) => audiences.list(projectId),
    require,

    /** For references in request bodies (rules, sources, providers): an unknown id is the caller's 400. */
    async assertExists(projectId: string, id: string | null | undefined, field = 'audience_id'): Promise<void> {
      if (id === null || id === undefined) return;
      if (!(await audiences.get(projectId, id))) {
        throw new AppError('unknown_audience', `${field}: no audience ${JSON.stringify(id)} in this project (GET /audiences lists them)`, { field, audience_id: id });
      }
    },

    async create(projectId: string, body: AudienceBody): Promise<Audience> {
      validateConditions(body.conditions);
      if ((await audiences.list(projectId)).length >= MAX_AUDIENCES_PER_PROJECT) throw conflict(`A project has at most ${MAX_AUDIENCES_PER_PROJECT} audiences`);
      const t = now();
      return audiences.put(projectId, {
        id: newId(),
        project_id: projectId,
        name: body.name.trim(),
        description: body.description ?? '',
        conditions: body.conditions,
        created_at: t,
        updated_at: t,
      });
    },

    async update(projectId: string, id: string, body: AudiencePatchBody): Promise<Audience> {
      if (body.conditions) validateConditions(body.conditions);
      const updated = await audiences.update(projectId, id, (a) => ({
        ...a,
        ...(body.name !== undefined ? { name: body.name.trim() } : {}),
        ...(body.description !== undefined ? { description: body.description } : {}),
        ...(body.conditions !== undefined ? { conditions: body.conditions } : {}),
        updated_at: now(),
      }));
      if (!updated) throw notFound('audience');
      return updated;
    },

    /** Refused while guidance rules use it: they would silently stop applying. */
    async remove(projectId: string, id: string): Promise<void> {
      await require(projectId, id);
      const users = (await store.collection('guidance_rules').list(projectId)).filter((r) => r.audience_id === id);
      if (users.length) throw conflict(`The audience is used by guidance rules ${users.map((r) => JSON.stringify(r.name)).join(', ')}; change them first`);
      compiled.forEach((_, k) => k.startsWith(`${id}@`) && compiled.delete(k));
      await audiences.delete(projectId, id);
    },
  };
}

export type AudienceService = ReturnType<typeof createAudienceService>;
