// Unitools (spec 2.9; docs/behaviour.md "Unitools"): CRUD of a project's custom code tools, their
// secrets sealed with the master key (server/lib/secret-box.ts) and shown by name only, the
// profiles each is enabled on, and runs through the sandbox (sandbox.ts).
import type { AppContext } from '../../context.js';
import { BUILTIN_ACTIONS } from '../../../shared/schemas/behaviour.js';
import type { StoredUnitool, TestRunResult, Unitool, UnitoolBody, UnitoolPatchBody } from '../../../shared/schemas/unitools.js';
import { UNITOOL_LIMITS } from '../../../shared/schemas/unitools.js';
import { AppError, conflict, invalid, notFound } from '../../errors.js';
import { newId, now } from '../../lib/ids.js';
import { createProfileService } from '../profiles/service.js';
import type { Config } from '../../config.js';
import { findCgroupHost, type CgroupHost } from './run-cgroup.js';
import { createRunQueue, QueueRefused, type RunQueue } from './run-queue.js';
import { runInSandbox, sandboxMissing } from './sandbox.js';
import { argumentProblems, parameterSchemaProblems } from './schema-check.js';

export const MAX_UNITOOLS_PER_PROJECT = 50;
const EMPTY_PARAMETERS = { type: 'object', properties: {}, additionalProperties: false };
/** Variables the sandbox sets itself, or that change how bash, python or the loader start. */
const RESERVED_ENV = /^(PATH|HOME|LANG|ENV|IFS|PS4|SHELLOPTS|BASHOPTS|BASH_.*|LD_.*|PYTHON.*|LC_.*)$/;

type UnitoolContext = Pick<AppContext, 'store' | 'box'> & { config: Pick<Config, 'unitoolLimits' | 'unitoolCgroup'> };

/**
 * The run queue and the cgroup choice belong to the server (its config), not to one service: the
 * routes, the agent and guidance each build a service, and all their runs share the same slots.
 */
const runtimes = new WeakMap<object, { queue: RunQueue; cgroup: CgroupHost | null; cgroupProblem: string | null }>();
function runtimeFor(config: UnitoolContext['config']) {
  let runtime = runtimes.get(config);
  if (!runtime) {
    let cgroup: CgroupHost | null = null;
    let cgroupProblem: string | null = null;
    try {
      cgroup = findCgroupHost(config.unitoolCgroup);
    } catch (err) {
      // Named but unusable: the runs do not start rather than quietly lose their memory limit.
      cgroupProblem = `UNITOOL_CGROUP=${config.unitoolCgroup}: ${(err as Error).message}`;
    }
    runtimes.set(config, (runtime = { queue: createRunQueue(config.unitoolLimits), cgroup, cgroupProblem }));
  }
  return runtime;
}

/** The API view: secrets by name only. */
export function unitoolView({ secrets, ...tool }: StoredUnitool): Unitool {
  return { ...tool, secret_names: Object.keys(secrets).sort() };
}

export function createUnitoolService(ctx: UnitoolContext) {
  const unitools = ctx.store.collection('unitools');
  const profiles = createProfileService(ctx.store);

  async function require(projectId: string, id: string): Promise<StoredUnitool> {
    const tool = await unitools.get(projectId, id);
    if (!tool) throw notFound('unitool');
    return tool;
  }

  function checkParameters(parameters: Record<string, unknown> | undefined): void {
    if (!parameters) return;
    const problems = parameterSchemaProblems(parameters);
    if (problems.length) throw new AppError('invalid_tool_schema', `parameters is not a usable JSON Schema: ${problems.map((p) => `${p.path} ${p.message}`).join('; ')}`, { details: problems });
  }

  async function checkName(projectId: string, name: string | undefined, selfId?: string): Promise<void> {
    if (name === undefined) return;
    if ((BUILTIN_ACTIONS as readonly string[]).includes(name)) throw new AppError('reserved_tool_name', `name: "${name}" is a built-in action; choose another name`, { path: 'name' });
    const clash = (await unitools.list(projectId)).find((t) => t.name === name && t.id !== selfId);
    if (clash) throw conflict(`name: a Unitool named "${name}" already exists in this project`);
  }

  async function checkProfiles(projectId: string, ids: string[] | undefined): Promise<void> {
    for (const id of ids ?? []) await profiles.resolve(projectId, id);
  }

  function sealSecrets(current: Record<string, string>, changes: Record<string, string | null> | undefined): Record<string, string> {
    const next = { ...current };
    for (const [name, value] of Object.entries(changes ?? {})) {
      if (RESERVED_ENV.test(name)) throw invalid(`secrets: ${name} is set by the sandbox or changes how the interpreter starts; choose another name`, [{ path: `secrets/${name}`, message: 'reserved name' }]);
      if (value === null) delete next[name];
      else next[name] = ctx.box.seal(value);
    }
    if (Object.keys(next).length > UNITOOL_LIMITS.secrets) throw invalid(`secrets: at most ${UNITOOL_LIMITS.secrets} per tool`, [{ path: 'secrets', message: 'too many' }]);
    return next;
  }

  /** Runs the tool with `args` checked against its parameters; a mismatch never reaches the code. */
  async function run(tool: StoredUnitool, args: Record<string, unknown>): Promise<TestRunResult> {
    const problems = argumentProblems(tool.parameters, args);
    if (problems.length) {
      const message = problems.map((p) => `${p.path} ${p.message}`).join('; ');
      return { ok: false, error: { code: 'invalid_arguments', message }, stdout_truncated: false, duration_ms: 0, exit: { code: null, signal: null } };
    }
    const env = Object.fromEntries(Object.entries(tool.secrets).map(([name, sealed]) => [name, ctx.box.open(sealed)]));
    const { queue, cgroup, cgroupProblem } = runtimeFor(ctx.config);
    if (cgroupProblem) return { ok: false, error: { code: 'sandbox_unavailable', message: cgroupProblem }, stdout_truncated: false, duration_ms: 0, exit: { code: null, signal: null } };
    try {
      // Fair between projects, bounded in length and wait (run-queue.ts).
      return await queue.run(tool.project_id, () => runInSandbox({ language: tool.language, code: tool.code, input: args, env, timeoutMs: tool.timeout_ms, memoryMb: tool.memory_mb, cgroup }));
    } catch (err) {
      if (!(err instanceof QueueRefused)) throw err;
      return { ok: false, error: { code: err.code, message: err.message }, stdout_truncated: false, duration_ms: 0, exit: { code: null, signal: null } };
    }
  }

  return {
    run,

    async list(projectId: string): Promise<Unitool[]> {
      return (await unitools.list(projectId)).sort((a, b) => a.created_at.localeCompare(b.created_at)).map(unitoolView);
    },

    get: async (projectId: string, id: string) => unitoolView(await require(projectId, id)),

    /** The tools enabled on a profile, secrets still sealed (for the agent). */
    /** The Unitools `profileId` enables; without one, those any profile enables. */
    async enabledOn(projectId: string, profileId?: string): Promise<StoredUnitool[]> {
      const on = (t: StoredUnitool) => (profileId ? t.profile_ids.includes(profileId) : t.profile_ids.length > 0);
      return (await unitools.list(projectId)).filter(on).sort((a, b) => a.name.localeCompare(b.name));
    },

    async create(projectId: string, body: UnitoolBody): Promise<Unitool> {
      checkParameters(body.parameters);
      await checkName(projectId, body.name);
      await checkProfiles(projectId, body.profile_ids);
      if ((await unitools.list(projectId)).length >= MAX_UNITOOLS_PER_PROJECT) throw conflict(`A project has at most ${MAX_UNITOOLS_PER_PROJECT} Unitools`);
      const t = now();
      const stored = await unitools.put(projectId, {
        id: newId(),
        project_id: projectId,
        name: body.name,
        description: body.description.trim(),
        parameters: body.parameters ?? EMPTY_PARAMETERS,
        code: body.code,
        language: body.language,
        timeout_ms: body.timeout_ms ?? UNITOOL_LIMITS.timeoutMs.default,
        memory_mb: body.memory_mb ?? UNITOOL_LIMITS.memoryMb.default,
        secrets: sealSecrets({}, body.secrets),
        profile_ids: body.profile_ids ?? [],
        created_at: t,
        updated_at: t,
      });
      return unitoolView(stored);
    },

    async update(projectId: string, id: string, body: UnitoolPatchBody): Promise<Unitool> {
      const current = await require(projectId, id);
      checkParameters(body.parameters);
      await checkName(projectId, body.name, id);
      await checkProfiles(projectId, body.profile_ids);
      const secrets = sealSecrets(current.secrets, body.secrets);
      const { secrets: _changes, ...fields } = body;
      const updated = await unitools.update(projectId, id, (tool) => ({
        ...tool,
        ...Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)),
        ...(fields.description !== undefined ? { description: fields.description.trim() } : {}),
        secrets,
        updated_at: now(),
      }));
      return unitoolView(updated!);
    },

    async remove(projectId: string, id: string): Promise<void> {
      await require(projectId, id);
      await unitools.delete(projectId, id);
    },

    /** The console's test-run: bad arguments are the caller's 400, a missing sandbox the server's 503. */
    async testRun(projectId: string, id: string, args: Record<string, unknown>): Promise<TestRunResult> {
      const tool = await require(projectId, id);
      const problems = argumentProblems(tool.parameters, args);
      if (problems.length) throw new AppError('invalid_arguments', `arguments do not match the tool's parameters: ${problems.map((p) => `${p.path} ${p.message}`).join('; ')}`, { details: problems });
      const missing = sandboxMissing(tool.language);
      if (missing) throw new AppError('sandbox_unavailable', `Unitools cannot run on this server: ${missing}`);
      return run(tool, args);
    },
  };
}

export type UnitoolService = ReturnType<typeof createUnitoolService>;
