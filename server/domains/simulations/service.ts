// Simulations and saved test suites (spec 8.1.3; docs/behaviour.md "Simulations"): runs are stored
// with every turn's reply and trace; a suite is a named list of cases with expectations, run against
// the draft or a build, on demand and before an alias is moved (deployments/routes.ts).
import type { AppContext } from '../../context.js';
import type { SimulateBody, SimulationCase, SimulationRun, Suite, SuiteBody, SuitePatchBody, Target } from '../../../shared/schemas/simulations.js';
import { AppError, notFound } from '../../errors.js';
import { newId, now } from '../../lib/ids.js';
import { createDeploymentService } from '../deployments/service.js';
import { runCase } from './runner.js';

/** Stored runs per project; the oldest go first (a run holds whole conversations' worth of text). */
export const MAX_RUNS_PER_PROJECT = 200;
export const MAX_SUITES_PER_PROJECT = 100;

export function createSimulationService(ctx: AppContext) {
  const suites = ctx.store.collection('simulation_suites');
  const runs = ctx.store.collection('simulation_runs');

  async function resolveTarget(projectId: string, target: Target): Promise<number | null> {
    if (target === 'draft') return null;
    const build = await ctx.store.collection('deployments').get(projectId, String(target));
    if (!build) throw new AppError('unknown_deployment', `target: there is no build ${target} in this project (GET /deployments lists them)`, { target });
    return build.version;
  }

  async function run(projectId: string, target: Target, cases: SimulationCase[], suiteId: string | null): Promise<SimulationRun> {
    const deployment = await resolveTarget(projectId, target);
    const results = [];
    // One case after another: the replies share the CPU with live visitors, who come first.
    for (const c of cases) results.push(await runCase(ctx, projectId, target, c));
    const stored = await runs.put(projectId, {
      id: newId(),
      project_id: projectId,
      target,
      deployment,
      suite_id: suiteId,
      passed: results.every((r) => r.passed),
      cases: results,
      billed_messages: results.reduce((n, r) => n + r.turns.filter((t) => t.reply).length, 0),
      created_at: now(),
    });
    const all = await runs.list(projectId);
    if (all.length > MAX_RUNS_PER_PROJECT) {
      for (const old of all.sort((a, b) => a.created_at.localeCompare(b.created_at)).slice(0, all.length - MAX_RUNS_PER_PROJECT)) await runs.delete(projectId, old.id);
    }
    return stored;
  }

  async function getSuite(projectId: string, id: string): Promise<Suite> {
    const s = await suites.get(projectId, id);
    if (!s) throw notFound('simulation suite');
    return s;
  }

  return {
    simulate(projectId: string, body: SimulateBody): Promise<SimulationRun> {
      return run(projectId, body.target ?? 'draft', [{ name: body.name ?? 'Simulation', turns: body.turns, ...(body.context ? { context: body.context } : {}) }], null);
    },

    async listRuns(projectId: string, suiteId?: string): Promise<SimulationRun[]> {
      return (await runs.list(projectId)).filter((r) => !suiteId || r.suite_id === suiteId).sort((a, b) => b.created_at.localeCompare(a.created_at));
    },

    async getRun(projectId: string, id: string): Promise<SimulationRun> {
      const r = await runs.get(projectId, id);
      if (!r) throw notFound('simulation run');
      return r;
    },

    listSuites: async (projectId: string) => (await suites.list(projectId)).sort((a, b) => a.created_at.localeCompare(b.created_at)),
    getSuite,

    async createSuite(projectId: string, body: SuiteBody): Promise<Suite> {
      if ((await suites.list(projectId)).length >= MAX_SUITES_PER_PROJECT) throw new AppError('conflict', `A project has at most ${MAX_SUITES_PER_PROJECT} simulation suites`);
      const t = now();
      return suites.put(projectId, { id: newId(), project_id: projectId, name: body.name.trim(), cases: body.cases, created_at: t, updated_at: t });
    },

    async updateSuite(projectId: string, id: string, body: SuitePatchBody): Promise<Suite> {
      await getSuite(projectId, id);
      const updated = await suites.update(projectId, id, (s) => ({ ...s, ...(body.name ? { name: body.name.trim() } : {}), ...(body.cases ? { cases: body.cases } : {}), updated_at: now() }));
      if (!updated) throw notFound('simulation suite');
      return updated;
    },

    async removeSuite(projectId: string, id: string): Promise<void> {
      await getSuite(projectId, id);
      await suites.delete(projectId, id);
    },

    async runSuite(projectId: string, id: string, target: Target): Promise<SimulationRun> {
      const suite = await getSuite(projectId, id);
      return run(projectId, target, suite.cases, suite.id);
    },

    /**
     * Before an alias moves to `version`: every saved suite runs against it. Failing runs refuse the
     * move (409 `simulation_failed`, with the runs to read); a project with no suites is not held up.
     */
    async checkPromotion(projectId: string, version: number): Promise<string[]> {
      await createDeploymentService(ctx).get(projectId, version);
      const failed: SimulationRun[] = [];
      const ran: string[] = [];
      for (const suite of await suites.list(projectId)) {
        const result = await run(projectId, version, suite.cases, suite.id);
        ran.push(result.id);
        if (!result.passed) failed.push(result);
      }
      if (failed.length) {
        const cases = failed.flatMap((r) => r.cases.filter((c) => !c.passed).map((c) => c.name));
        throw new AppError('simulation_failed', `v${version} fails ${cases.length} simulation case(s): ${cases.slice(0, 5).join(', ')}. The alias did not move; read the runs, or move it with skip_suites`, {
          run_ids: failed.map((r) => r.id),
        });
      }
      return ran;
    },
  };
}

export type SimulationService = ReturnType<typeof createSimulationService>;
