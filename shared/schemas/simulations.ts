// Simulations and guidance testing (spec 8.1.3; docs/behaviour.md "Simulations"): a scripted
// conversation with its context, run through the production reply pipeline against the draft or a
// build, with what shaped each reply; saved suites of such cases with expectations, run on demand and
// before an alias is moved. One schema per shape for the server and the console.
import { Type, type Static } from 'typebox';
import { GuidanceTraceSchema } from './behaviour.js';
import { SourceRefSchema } from './entities.js';

const closed = { additionalProperties: false } as const;
const Timestamp = Type.String({ format: 'date-time' });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);

/** `draft` (the current configuration and knowledge) or a build's version number. */
export const TargetSchema = Type.Union([Type.Literal('draft'), Type.Integer({ minimum: 1 })], { description: '`draft` or a build version' });
export type Target = Static<typeof TargetSchema>;

/** Who the simulated visitor is, where, and when: what audiences are evaluated on (spec 2.8). */
export const SimulationContextSchema = Type.Object(
  {
    user: Type.Optional(
      Type.Object(
        {
          name: Type.Optional(Type.String({ maxLength: 200 })),
          email: Type.Optional(Type.String({ maxLength: 320 })),
          phone: Type.Optional(Type.String({ maxLength: 40 })),
          external_id: Type.Optional(Type.String({ maxLength: 200 })),
          email_verified: Type.Optional(Type.Boolean()),
          phone_verified: Type.Optional(Type.Boolean()),
          external_id_verified: Type.Optional(Type.Boolean()),
          timezone: Type.Optional(Type.String({ maxLength: 64 })),
          locales: Type.Optional(Type.Array(Type.String({ maxLength: 35 }), { maxItems: 10 })),
          labels: Type.Optional(Type.Array(Type.String({ maxLength: 80 }), { maxItems: 50 })),
          external_attributes: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
        },
        closed,
      ),
    ),
    channel: Type.Optional(
      Type.Object(
        {
          type: Type.Optional(Type.Union([Type.Literal('browser'), Type.Literal('api')])),
          browser_url: Type.Optional(Type.String({ maxLength: 2000 })),
        },
        closed,
      ),
    ),
    /** The moment the conversation happens, for time conditions (default: now). */
    time: Type.Optional(Timestamp),
  },
  closed,
);
export type SimulationContext = Static<typeof SimulationContextSchema>;

/** What a reply must do; every kind is checked without an LLM as well. */
export const ExpectationSchema = Type.Union([
  Type.Object({ type: Type.Literal('cites'), title_contains: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })) }, closed),
  Type.Object({ type: Type.Literal('contains'), text: Type.String({ minLength: 1, maxLength: 500 }) }, closed),
  Type.Object({ type: Type.Literal('not_contains'), text: Type.String({ minLength: 1, maxLength: 500 }) }, closed),
  Type.Object({ type: Type.Literal('offers_handoff') }, closed),
  Type.Object({ type: Type.Literal('no_handoff') }, closed),
  Type.Object({ type: Type.Literal('calls_tool'), tool: Type.String({ minLength: 1, maxLength: 64 }) }, closed),
  Type.Object({ type: Type.Literal('not_calls_tool'), tool: Type.String({ minLength: 1, maxLength: 64 }) }, closed),
]);
export type Expectation = Static<typeof ExpectationSchema>;

export const ScriptedTurnSchema = Type.Object(
  {
    user: Type.String({ minLength: 1, maxLength: 4000, description: 'What the visitor writes' }),
    expect: Type.Optional(Type.Array(ExpectationSchema, { maxItems: 20 })),
  },
  closed,
);

export const SimulationCaseSchema = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    context: Type.Optional(SimulationContextSchema),
    turns: Type.Array(ScriptedTurnSchema, { minItems: 1, maxItems: 20 }),
  },
  closed,
);
export type SimulationCase = Static<typeof SimulationCaseSchema>;

export const SimulateBody = Type.Object(
  {
    target: Type.Optional(TargetSchema),
    name: Type.Optional(SimulationCaseSchema.properties.name),
    context: Type.Optional(SimulationContextSchema),
    turns: SimulationCaseSchema.properties.turns,
  },
  closed,
);
export type SimulateBody = Static<typeof SimulateBody>;

/** One simulated exchange: the reply (or why there was none) and what shaped it. */
export const TurnResultSchema = Type.Object({
  user: Type.String(),
  reply: Nullable(
    Type.Object({
      content: Type.String(),
      sources: Type.Array(SourceRefSchema),
      offer_handoff: Type.Boolean(),
      outcome: Type.String(),
    }),
  ),
  /** Why no reply was made: a trigger blocked it (`blocked`), … */
  skipped: Nullable(Type.String()),
  /** Rules, audiences, allowed tools and build that shaped the reply. */
  guidance: Nullable(GuidanceTraceSchema),
  /** Tools the reply used, in order (offline answerer and LLM alike). */
  tools_called: Type.Array(Type.String()),
  /** Expectations this turn missed, in words; empty when all held. */
  failures: Type.Array(Type.String()),
});
export type TurnResult = Static<typeof TurnResultSchema>;

export const CaseResultSchema = Type.Object({
  name: Type.String(),
  passed: Type.Boolean(),
  /** The hidden conversation that holds the simulated messages (the event log). */
  conversation_id: Type.String(),
  turns: Type.Array(TurnResultSchema),
});
export type CaseResult = Static<typeof CaseResultSchema>;

export const SimulationRunSchema = Type.Object({
  id: Type.String(),
  project_id: Type.String(),
  target: TargetSchema,
  /** The build the target resolved to; null for the draft. */
  deployment: Nullable(Type.Integer()),
  suite_id: Nullable(Type.String()),
  passed: Type.Boolean(),
  cases: Type.Array(CaseResultSchema),
  /** AI replies made, billed as Chat Messages (spec 8.1.3). */
  billed_messages: Type.Integer(),
  created_at: Timestamp,
});
export type SimulationRun = Static<typeof SimulationRunSchema>;
export const SimulationRunList = Type.Object({ data: Type.Array(SimulationRunSchema) });
export const SimulationRunQuery = Type.Object({ suite_id: Type.Optional(Type.String()) }, closed);
export const SimulationRunParams = Type.Object({ project_id: Type.String(), run_id: Type.String() });

// ---- suites ---------------------------------------------------------------------------------
export const SuiteSchema = Type.Object({
  id: Type.String(),
  project_id: Type.String(),
  name: Type.String(),
  cases: Type.Array(SimulationCaseSchema),
  created_at: Timestamp,
  updated_at: Timestamp,
});
export type Suite = Static<typeof SuiteSchema>;
export const SuiteBody = Type.Object(
  { name: Type.String({ minLength: 1, maxLength: 200 }), cases: Type.Array(SimulationCaseSchema, { minItems: 1, maxItems: 50 }) },
  closed,
);
export type SuiteBody = Static<typeof SuiteBody>;
export const SuitePatchBody = Type.Partial(SuiteBody, closed);
export type SuitePatchBody = Static<typeof SuitePatchBody>;
export const SuiteList = Type.Object({ data: Type.Array(SuiteSchema) });
export const SuiteParams = Type.Object({ project_id: Type.String(), suite_id: Type.String() });
export const RunSuiteBody = Type.Object({ target: Type.Optional(TargetSchema) }, closed);

/** Pins a hidden simulation conversation to its target and context (stored on the conversation). */
export interface SimulationPin {
  target: Target;
  context: SimulationContext;
}
