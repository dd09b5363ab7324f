// Unitools (spec 2.9): custom Python or Shell code managed at project level and enabled per profile,
// run in a sandbox with the arguments as JSON on stdin (docs/behaviour.md "Unitools"). Secrets are
// written, never read back: the API shows only their names.
import { Type, type Static } from 'typebox';

const closed = { additionalProperties: false } as const;
const Id = Type.String({ minLength: 1, maxLength: 64 });
const Timestamp = Type.String({ format: 'date-time' });

export const UNITOOL_NAME_PATTERN = '^[a-z][a-z0-9_]{0,63}$';
/** Environment variable names the code reads its secrets from. */
export const SECRET_NAME_PATTERN = '^[A-Z][A-Z0-9_]{0,63}$';
export const UNITOOL_LIMITS = {
  codeChars: 64 * 1024,
  timeoutMs: { min: 100, max: 30_000, default: 5_000 },
  memoryMb: { min: 32, max: 1024, default: 128 },
  secrets: 20,
  secretChars: 4096,
} as const;

const Language = Type.Union([Type.Literal('python'), Type.Literal('shell')], { description: '`python` runs with python3 -I -c; `shell` with bash -c' });
const Name = Type.String({ pattern: UNITOOL_NAME_PATTERN, description: 'The tool name the model calls; not a built-in action' });
const Description = Type.String({ minLength: 1, maxLength: 1024, description: 'What the tool does, for the model' });
const Parameters = Type.Record(Type.String(), Type.Unknown(), {
  description: 'JSON Schema of the arguments object (type "object"); checked as a schema, and arguments are checked against it before a run',
});
const Code = Type.String({ minLength: 1, maxLength: UNITOOL_LIMITS.codeChars, description: 'Reads the arguments as JSON on stdin and prints its result (JSON or text) on stdout' });
const TimeoutMs = Type.Integer({ minimum: UNITOOL_LIMITS.timeoutMs.min, maximum: UNITOOL_LIMITS.timeoutMs.max, description: 'Wall-clock limit of one run (default 5000)' });
const MemoryMb = Type.Integer({ minimum: UNITOOL_LIMITS.memoryMb.min, maximum: UNITOOL_LIMITS.memoryMb.max, description: 'Memory limit of one run in MiB, all its processes together where the server has cgroups (default 128; docs/behaviour.md "Unitools")' });
const ProfileIds = Type.Array(Id, { uniqueItems: true, maxItems: 50, description: 'Profiles the tool is enabled on (`default` for the default profile)' });
const SecretValue = Type.String({ minLength: 1, maxLength: UNITOOL_LIMITS.secretChars });
const Secrets = Type.Record(Type.String({ pattern: SECRET_NAME_PATTERN }), SecretValue, {
  ...closed,
  maxProperties: UNITOOL_LIMITS.secrets,
  description: 'Environment variables the code sees (name → value); encrypted at rest and never returned',
});

export const UnitoolSchema = Type.Object({
  id: Id,
  project_id: Id,
  name: Type.String(),
  description: Type.String(),
  parameters: Type.Record(Type.String(), Type.Unknown()),
  code: Type.String(),
  language: Language,
  timeout_ms: Type.Integer(),
  memory_mb: Type.Integer(),
  /** The names of its secrets; values never leave the server. */
  secret_names: Type.Array(Type.String()),
  profile_ids: Type.Array(Type.String()),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type Unitool = Static<typeof UnitoolSchema>;

/** As stored: the secrets sealed with the master key (server/lib/secret-box.ts). */
export type StoredUnitool = Omit<Unitool, 'secret_names'> & { secrets: Record<string, string> };

export const UnitoolList = Type.Object({ data: Type.Array(UnitoolSchema) });

export const UnitoolBody = Type.Object(
  {
    name: Name,
    description: Description,
    parameters: Type.Optional(Parameters),
    code: Code,
    language: Language,
    timeout_ms: Type.Optional(TimeoutMs),
    memory_mb: Type.Optional(MemoryMb),
    secrets: Type.Optional(Secrets),
    profile_ids: Type.Optional(ProfileIds),
  },
  closed,
);
export type UnitoolBody = Static<typeof UnitoolBody>;

export const UnitoolPatchBody = Type.Object(
  {
    name: Type.Optional(Name),
    description: Type.Optional(Description),
    parameters: Type.Optional(Parameters),
    code: Type.Optional(Code),
    language: Type.Optional(Language),
    timeout_ms: Type.Optional(TimeoutMs),
    memory_mb: Type.Optional(MemoryMb),
    secrets: Type.Optional(
      Type.Record(Type.String({ pattern: SECRET_NAME_PATTERN }), Type.Union([SecretValue, Type.Null()]), {
        ...closed,
        maxProperties: UNITOOL_LIMITS.secrets,
        description: 'Sets the named secrets; null removes one; secrets not named stay',
      }),
    ),
    profile_ids: Type.Optional(ProfileIds),
  },
  closed,
);
export type UnitoolPatchBody = Static<typeof UnitoolPatchBody>;

export const UnitoolParams = Type.Object({ project_id: Type.String({ format: 'uuid' }), unitool_id: Id }, closed);

export const TestRunBody = Type.Object({ arguments: Type.Record(Type.String(), Type.Unknown(), { description: 'Checked against the tool parameters' }) }, closed);

/** Why a run failed: its arguments, its limits, its own exit status, a server without the sandbox, or one too busy to run it. */
export const RunErrorCode = Type.Union([
  Type.Literal('invalid_arguments'),
  Type.Literal('timeout'),
  Type.Literal('output_limit'),
  Type.Literal('cpu_limit'),
  Type.Literal('memory_limit'),
  Type.Literal('exit_status'),
  Type.Literal('killed'),
  Type.Literal('sandbox_unavailable'),
  Type.Literal('queue_full'),
  Type.Literal('queue_timeout'),
]);

export const TestRunResult = Type.Object({
  ok: Type.Boolean(),
  /** stdout parsed as JSON, else its text; null when the tool printed nothing. */
  result: Type.Optional(Type.Unknown()),
  error: Type.Optional(Type.Object({ code: RunErrorCode, message: Type.String() })),
  stdout_truncated: Type.Boolean(),
  duration_ms: Type.Integer(),
  exit: Type.Object({ code: Type.Union([Type.Integer(), Type.Null()]), signal: Type.Union([Type.String(), Type.Null()]) }),
});
export type TestRunResult = Static<typeof TestRunResult>;
