// Procedures (spec 2.9; docs/behaviour.md "Procedures"): step-by-step workflows defined as data,
// enabled per profile, started when the visitor's message matches one of their trigger phrases, and
// run by the server without any LLM. One schema per shape for the server and the console.
import { Type, type Static } from 'typebox';
import { AudienceRootSchema } from './behaviour.js';

const closed = { additionalProperties: false } as const;
const Timestamp = Type.String({ format: 'date-time' });
const StepId = Type.String({ pattern: '^[a-z0-9][a-z0-9_-]{0,39}$', description: 'Unique within the procedure' });
const FieldName = Type.String({ pattern: '^[a-z][a-z0-9_]{0,39}$' });
/** Text the visitor reads; `{{field}}` is replaced by a collected answer. */
const Text = Type.String({ minLength: 1, maxLength: 2000 });
const Next = Type.Optional(Type.Union([StepId, Type.Null()], { description: 'The step after this one; absent: the next in the list; null: end' }));

export const ASK_KINDS = ['text', 'number', 'email', 'date', 'yes_no', 'choice'] as const;
export type AskKind = (typeof ASK_KINDS)[number];

export const ProcedureStepSchema = Type.Union([
  Type.Object({ id: StepId, type: Type.Literal('say'), text: Text, next: Next }, closed),
  Type.Object(
    {
      id: StepId,
      type: Type.Literal('ask'),
      field: FieldName,
      kind: Type.Union(ASK_KINDS.map((k) => Type.Literal(k))),
      prompt: Text,
      options: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 100 }), { minItems: 2, maxItems: 20, description: 'The choices of a `choice` question' })),
      /** Said when an answer does not fit the kind; default: a text of Parley's in the visitor's language. */
      retry: Type.Optional(Text),
      max_attempts: Type.Optional(Type.Integer({ minimum: 1, maximum: 10, description: 'Tries before the team is offered (default 3)' })),
      next: Next,
    },
    closed,
  ),
  Type.Object(
    {
      id: StepId,
      type: Type.Literal('tool'),
      tool: Type.String({ minLength: 1, maxLength: 64 }),
      /** Argument values; `{{field}}` templates are filled from the answers (a whole `{{number_field}}` stays a number). */
      arguments: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
      /** Keeps the tool's text result as a field for later steps. */
      save_as: Type.Optional(FieldName),
      /** Where to go when the tool fails or is not available; absent: offer the team. */
      on_error: Type.Optional(StepId),
      next: Next,
    },
    closed,
  ),
  Type.Object(
    {
      id: StepId,
      type: Type.Literal('branch'),
      /** The first case whose conditions hold decides: audience conditions over `procedure.<field>` and the context. */
      cases: Type.Array(Type.Object({ when: AudienceRootSchema, next: StepId }, closed), { minItems: 1, maxItems: 20 }),
      otherwise: Type.Union([StepId, Type.Null()]),
    },
    closed,
  ),
  Type.Object(
    {
      id: StepId,
      type: Type.Literal('handoff'),
      /** `offer`: offer the team; `escalate`: hand over with a note (the conversation becomes escalated). */
      mode: Type.Union([Type.Literal('offer'), Type.Literal('escalate')]),
      text: Type.Optional(Text),
      note: Type.Optional(Text),
    },
    closed,
  ),
  Type.Object({ id: StepId, type: Type.Literal('end'), text: Type.Optional(Text) }, closed),
]);
export type ProcedureStep = Static<typeof ProcedureStepSchema>;

export const ProcedureSchema = Type.Object({
  id: Type.String(),
  project_id: Type.String(),
  name: Type.String(),
  description: Type.String(),
  /** Visitor phrasings that start it ("I want a refund"), any language; matched like knowledge. */
  triggers: Type.Array(Type.String()),
  steps: Type.Array(ProcedureStepSchema),
  /** Profiles it is enabled on (`default`: the draft's profile). */
  profile_ids: Type.Array(Type.String()),
  state: Type.Union([Type.Literal('active'), Type.Literal('draft')]),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type Procedure = Static<typeof ProcedureSchema>;

export const ProcedureBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 120 }),
    description: Type.Optional(Type.String({ maxLength: 2000 })),
    triggers: Type.Array(Type.String({ minLength: 2, maxLength: 200 }), { minItems: 1, maxItems: 30 }),
    steps: Type.Array(ProcedureStepSchema, { minItems: 1, maxItems: 50 }),
    profile_ids: Type.Optional(Type.Array(Type.String(), { maxItems: 50 })),
    state: Type.Optional(Type.Union([Type.Literal('active'), Type.Literal('draft')])),
  },
  closed,
);
export type ProcedureBody = Static<typeof ProcedureBody>;
export const ProcedurePatchBody = Type.Partial(ProcedureBody, closed);
export type ProcedurePatchBody = Static<typeof ProcedurePatchBody>;
export const ProcedureList = Type.Object({ data: Type.Array(ProcedureSchema) });
export const ProcedureParams = Type.Object({ project_id: Type.String(), procedure_id: Type.String() });

/** A conversation's place in a procedure, stored so a restart resumes it (collection procedure_runs). */
export interface ProcedureRun {
  /** The conversation's id: one procedure at a time per conversation. */
  id: string;
  project_id: string;
  procedure_id: string;
  /** The ask step waiting for the visitor's answer. */
  waiting_at: string;
  fields: Record<string, unknown>;
  attempts: number;
  /** At a tool step: the external tool call it waits on for approval (spec 2.9). */
  tool_call_id?: string;
  started_at: string;
  updated_at: string;
}
