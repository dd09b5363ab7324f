// Simulations and saved suites (spec 8.1.3; docs/behaviour.md "Simulations"): the only module of the
// Simulations page that calls the API. It also reads the builds (targets) and the names the traces
// point at by id: guidance rules of every profile and audiences.
import type { SimulateBody, SimulationRun, Suite, SuiteBody, Target } from '../../shared/schemas/simulations.js';
import type { Audience, GuidanceRule } from '../../shared/schemas/behaviour.js';
import type { DeploymentSummary } from '../../shared/schemas/deployments.js';
import { api, withQuery } from './api.js';

export type { CaseResult, Expectation, SimulationCase, SimulationContext, SimulationRun, Suite, SuiteBody, Target, TurnResult } from '../../shared/schemas/simulations.js';

const base = (projectId: string) => `/v1/projects/${encodeURIComponent(projectId)}`;
const suitePath = (projectId: string, id: string) => `${base(projectId)}/simulation-suites/${encodeURIComponent(id)}`;

export const simulationsPath = (projectId: string) => `/app/p/${projectId}/simulations`;

export const simulate = (projectId: string, body: SimulateBody) => api<SimulationRun>('POST', `${base(projectId)}/simulations`, body);
/** Newest first. */
export const listRuns = async (projectId: string, suiteId: string) =>
  (await api<{ data: SimulationRun[] }>('GET', withQuery(`${base(projectId)}/simulation-runs`, { suite_id: suiteId }))).data;

export const listSuites = async (projectId: string) => (await api<{ data: Suite[] }>('GET', `${base(projectId)}/simulation-suites`)).data;
export const createSuite = (projectId: string, body: SuiteBody) => api<Suite>('POST', `${base(projectId)}/simulation-suites`, body);
export const updateSuite = (projectId: string, id: string, body: SuiteBody) => api<Suite>('PATCH', suitePath(projectId, id), body);
export const deleteSuite = (projectId: string, id: string) => api<void>('DELETE', suitePath(projectId, id));
export const runSuite = (projectId: string, id: string, target: Target) => api<SimulationRun>('POST', `${suitePath(projectId, id)}/runs`, { target });

/** What a trace's ids stand for, and the builds a run can target. */
export interface Lookups {
  builds: DeploymentSummary[];
  rules: Map<string, string>;
  audiences: Map<string, string>;
}

/**
 * The builds (newest first), and the names of every profile's rules and of the audiences. A trace
 * names the rules of the profile that answered, which need not be the default one.
 */
export async function loadLookups(projectId: string): Promise<Lookups> {
  const [builds, profiles, audiences] = await Promise.all([
    api<{ data: DeploymentSummary[] }>('GET', `${base(projectId)}/deployments`),
    api<{ data: { id: string }[] }>('GET', `${base(projectId)}/profiles`),
    api<{ data: Audience[] }>('GET', `${base(projectId)}/audiences`),
  ]);
  const ruleLists = await Promise.all(
    profiles.data.map((p) => api<{ data: GuidanceRule[] }>('GET', withQuery(`${base(projectId)}/guidance-rules`, { profile_id: p.id }))),
  );
  return {
    builds: builds.data,
    rules: new Map(ruleLists.flatMap((l) => l.data.map((r) => [r.id, r.name] as const))),
    audiences: new Map(audiences.data.map((a) => [a.id, a.name])),
  };
}

/** A target as a <select> value and back: `draft` or the version number. */
export const targetValue = (t: Target) => String(t);
export const parseTarget = (value: string): Target => (value === 'draft' ? 'draft' : Number(value));
export const targetLabel = (t: Target | null) => (t === 'draft' || t === null ? 'Draft' : `v${t}`);


/**
 * Whether a run names a rule or audience the lookups do not know: one added since the page loaded
 * (read the names again) or one deleted since the run (then it stays an id).
 */
export const namesMissing = (run: SimulationRun, lookups: Lookups) =>
  run.cases.some((c) => c.turns.some((t) => t.guidance && (t.guidance.rule_ids.some((id) => !lookups.rules.has(id)) || t.guidance.audience_ids.some((id) => !lookups.audiences.has(id)))));
