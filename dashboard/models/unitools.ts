// Unitools of the open project (spec 2.9; docs/behaviour.md "Unitools"): the only module of the
// console that calls the Unitools API. Types come from the server's schemas (types only). Secrets are
// write-only: the API shows `secret_names`, and a PATCH sets the secrets it names (null removes one).
import type { TestRunResult, Unitool, UnitoolBody, UnitoolPatchBody, UNITOOL_LIMITS } from '../../shared/schemas/unitools.js';
import { api, ApiError } from './api.js';
import { fieldOf } from './field-error.js';

export type { TestRunResult, Unitool, UnitoolBody, UnitoolPatchBody };
export type UnitoolLanguage = Unitool['language'];

const base = (projectId: string) => `/v1/projects/${encodeURIComponent(projectId)}/unitools`;
const one = (projectId: string, id: string) => `${base(projectId)}/${encodeURIComponent(id)}`;

export const listUnitools = async (projectId: string) => (await api<{ data: Unitool[] }>('GET', base(projectId))).data;
export const createUnitool = (projectId: string, body: UnitoolBody) => api<Unitool>('POST', base(projectId), body);
export const updateUnitool = (projectId: string, id: string, patch: UnitoolPatchBody) => api<Unitool>('PATCH', one(projectId, id), patch);
export const deleteUnitool = (projectId: string, id: string) => api<void>('DELETE', one(projectId, id));
export const testRunUnitool = (projectId: string, id: string, args: Record<string, unknown>) =>
  api<TestRunResult>('POST', `${one(projectId, id)}/test-run`, { arguments: args });

// The schema module builds TypeBox schemas at load, which the console bundle does without; these
// are typed as the server's literal limits, so a change there fails the typecheck here.
export const TIMEOUT_MS: (typeof UNITOOL_LIMITS)['timeoutMs'] = { min: 100, max: 30_000, default: 5_000 };
export const MEMORY_MB: (typeof UNITOOL_LIMITS)['memoryMb'] = { min: 32, max: 1024, default: 128 };

/** What a new tool starts with: an arguments object without properties, as the server defaults it. */
export const EMPTY_PARAMETERS = { type: 'object', properties: {}, additionalProperties: false };

/** The editor's fields a 400 can point at; anything else shows at the top of the form. */
export type UnitoolField = 'name' | 'description' | 'parameters' | 'code' | 'language' | 'timeout_ms' | 'memory_mb' | 'secrets';
const FIELDS: UnitoolField[] = ['name', 'description', 'parameters', 'code', 'language', 'timeout_ms', 'memory_mb', 'secrets'];

/** The field a 400 or 409 names: `invalid_tool_schema` is always the parameters'. */
export function errorField(err: unknown): UnitoolField | null {
  if (err instanceof ApiError && err.code === 'invalid_tool_schema') return 'parameters';
  return fieldOf(err, FIELDS);
}

/** Parses a JSON object typed into a textarea; throws a sentence naming the field when it is not one. */
export function parseObject(text: string, what: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error(`${what} is not valid JSON.`);
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new Error(`${what} must be a JSON object ({…}).`);
  return value as Record<string, unknown>;
}

/**
 * What to tell a site owner when the server cannot run Unitools: the test-run answers 503
 * `sandbox_unavailable` (bwrap, prlimit or the interpreter missing), or a run reports it when bwrap
 * could not build the sandbox (e.g. user namespaces turned off). Null for any other outcome.
 */
export function sandboxProblem(outcome: unknown): string | null {
  if (outcome instanceof ApiError) return outcome.code === 'sandbox_unavailable' ? outcome.message : null;
  const run = outcome as Partial<TestRunResult> | null;
  return run?.error?.code === 'sandbox_unavailable' ? run.error.message : null;
}

/** The error codes of a failed run in words (docs/behaviour.md "The sandbox"). */
export const RUN_ERROR_TEXT: Record<NonNullable<TestRunResult['error']>['code'], string> = {
  invalid_arguments: 'Arguments do not match the parameters',
  timeout: 'Timed out',
  output_limit: 'Output limit reached',
  cpu_limit: 'CPU time limit reached',
  exit_status: 'Exited with an error',
  killed: 'Killed (memory or process limit)',
  memory_limit: 'Memory limit of the run reached',
  sandbox_unavailable: 'Sandbox unavailable',
  queue_full: 'Too many runs of this project waiting',
  queue_timeout: 'Waited too long for a free sandbox',
};
