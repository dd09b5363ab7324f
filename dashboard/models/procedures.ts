// Procedures of the open project (spec 2.9; docs/behaviour.md "Procedures"): the only module of the
// Actions page that calls the procedures API. Types come from the server's schemas (types only).
import type { Procedure, ProcedureBody, ProcedurePatchBody, ProcedureStep } from '../../shared/schemas/procedures.js';
import { api, ApiError } from './api.js';

export type { Procedure, ProcedureStep };
export type StepType = ProcedureStep['type'];
export const STEP_TYPES: StepType[] = ['say', 'ask', 'tool', 'branch', 'handoff', 'end'];

const base = (projectId: string) => `/v1/projects/${encodeURIComponent(projectId)}/procedures`;
export const listProcedures = async (projectId: string) => (await api<{ data: Procedure[] }>('GET', base(projectId))).data;
export const createProcedure = (projectId: string, body: ProcedureBody) => api<Procedure>('POST', base(projectId), body);
export const updateProcedure = (projectId: string, id: string, patch: ProcedurePatchBody) =>
  api<Procedure>('PATCH', `${base(projectId)}/${encodeURIComponent(id)}`, patch);
export const deleteProcedure = (projectId: string, id: string) => api<void>('DELETE', `${base(projectId)}/${encodeURIComponent(id)}`);

/** A new step of a type, with the fields its schema requires. */
export function blankStep(type: StepType, id: string): ProcedureStep {
  switch (type) {
    case 'say':
      return { id, type, text: '' };
    case 'ask':
      // `kind` is a union built from a mapped array, which TypeScript reads as never.
      return { id, type, field: 'answer', kind: 'text' as never, prompt: '' };
    case 'tool':
      return { id, type, tool: '' };
    case 'branch':
      return { id, type, cases: [{ when: [], next: '' }], otherwise: null };
    case 'handoff':
      return { id, type, mode: 'offer' };
    case 'end':
      return { id, type };
  }
}

/** The step index a 400 names (its `details[].path` or message start "steps[2]…"), else -1. */
export function errorStep(err: unknown): number {
  if (!(err instanceof ApiError)) return -1;
  const details = err.extras.details;
  const paths = [typeof err.extras.path === 'string' ? err.extras.path : '', ...(Array.isArray(details) ? details.map((d) => String((d as { path?: unknown }).path ?? '')) : []), err.message];
  for (const p of paths) {
    const m = /steps\[(\d+)\]|\/steps\/(\d+)/.exec(p);
    if (m) return Number(m[1] ?? m[2]);
  }
  return -1;
}

/** The service's toolboxes (GET /toolboxes); a profile turns them on with PATCH `toolboxes`. */
export const listToolboxes = async (projectId: string) =>
  (await api<{ data: import('../../shared/schemas/toolboxes.js').Toolbox[] }>('GET', `/v1/projects/${encodeURIComponent(projectId)}/toolboxes`)).data;
