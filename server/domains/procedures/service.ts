// Procedures of a project (spec 2.9; docs/behaviour.md "Procedures"): CRUD with the checks that make
// a procedure runnable: unique step ids, every `next`/`on_error`/branch target a step of it, choices
// for a `choice` question, branch conditions valid in the audience language over its own answers.
import type { AppContext } from '../../context.js';
import type { Procedure, ProcedureBody, ProcedurePatchBody, ProcedureStep } from '../../../shared/schemas/procedures.js';
import { AppError, invalid, notFound } from '../../errors.js';
import { newId, now } from '../../lib/ids.js';
import { validateConditions } from '../audiences/validate.js';
import { createProfileService } from '../profiles/service.js';
import { DEFAULT_PROFILE_ID } from '../../../shared/schemas/behaviour.js';
import { procedureFields } from './fields.js';

export const MAX_PROCEDURES_PER_PROJECT = 50;

function checkSteps(steps: ProcedureStep[]): void {
  const ids = new Set<string>();
  steps.forEach((s, i) => {
    if (ids.has(s.id)) throw invalid(`steps[${i}].id: ${JSON.stringify(s.id)} is used twice`, [{ path: `steps[${i}].id`, message: 'is not unique' }]);
    ids.add(s.id);
  });
  const target = (id: string | null | undefined, path: string) => {
    if (typeof id === 'string' && !ids.has(id)) throw invalid(`${path}: no step ${JSON.stringify(id)} in this procedure`, [{ path, message: 'names no step' }]);
  };
  const extra = procedureFields(steps);
  steps.forEach((s, i) => {
    const at = `steps[${i}]`;
    if ('next' in s) target(s.next, `${at}.next`);
    if (s.type === 'tool') target(s.on_error, `${at}.on_error`);
    if (s.type === 'ask' && (s.kind === 'choice') !== Boolean(s.options)) {
      throw invalid(`${at}.options: a choice question lists its options; other questions have none`, [{ path: `${at}.options`, message: s.kind === 'choice' ? 'missing' : 'not allowed' }]);
    }
    if (s.type === 'branch') {
      s.cases.forEach((c, j) => {
        target(c.next, `${at}.cases[${j}].next`);
        validateConditions(c.when, `${at}.cases[${j}].when`, extra);
      });
      target(s.otherwise, `${at}.otherwise`);
    }
  });
}

export function createProcedureService(ctx: AppContext) {
  const procedures = ctx.store.collection('procedures');
  const profiles = createProfileService(ctx.store);

  async function require(projectId: string, id: string): Promise<Procedure> {
    const p = await procedures.get(projectId, id);
    if (!p) throw notFound('procedure');
    return p;
  }

  async function checkProfiles(projectId: string, ids: string[] | undefined): Promise<void> {
    for (const id of ids ?? []) await profiles.resolve(projectId, id);
  }

  return {
    get: require,
    list: async (projectId: string) => (await procedures.list(projectId)).sort((a, b) => a.created_at.localeCompare(b.created_at)),

    async create(projectId: string, body: ProcedureBody): Promise<Procedure> {
      checkSteps(body.steps);
      await checkProfiles(projectId, body.profile_ids);
      if ((await procedures.list(projectId)).length >= MAX_PROCEDURES_PER_PROJECT) throw new AppError('conflict', `A project has at most ${MAX_PROCEDURES_PER_PROJECT} procedures`);
      const t = now();
      return procedures.put(projectId, {
        id: newId(),
        project_id: projectId,
        name: body.name.trim(),
        description: body.description ?? '',
        triggers: body.triggers,
        steps: body.steps,
        profile_ids: body.profile_ids ?? [DEFAULT_PROFILE_ID],
        state: body.state ?? 'active',
        created_at: t,
        updated_at: t,
      });
    },

    async update(projectId: string, id: string, body: ProcedurePatchBody): Promise<Procedure> {
      await require(projectId, id);
      if (body.steps) checkSteps(body.steps);
      await checkProfiles(projectId, body.profile_ids);
      const updated = await procedures.update(projectId, id, (p) => ({ ...p, ...body, ...(body.name ? { name: body.name.trim() } : {}), updated_at: now() }));
      if (!updated) throw notFound('procedure');
      return updated;
    },

    async remove(projectId: string, id: string): Promise<void> {
      await require(projectId, id);
      await procedures.delete(projectId, id);
    },
  };
}
