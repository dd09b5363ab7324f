// Runs a procedure's steps (docs/behaviour.md "Procedures") from where the conversation stands to the
// next question it must ask the visitor, or to its end: say, ask (read and validate the answer,
// re-ask, give up to the team after too many tries), call a tool, branch on audience conditions over
// the answers and the context, hand over, end. No LLM is involved: the steps are the script.
import type { AudienceFacts } from '../audiences/evaluate.js';
import type { Procedure, ProcedureStep } from '../../../shared/schemas/procedures.js';
import { compileAudience } from '../audiences/evaluate.js';
import { procedureFields } from './fields.js';
import { readAnswer } from './answers.js';

/** Transitions per visitor message before the run is stopped: a loop in the steps must not spin. */
export const MAX_TRANSITIONS = 100;
const DEFAULT_ATTEMPTS = 3;

export interface EngineIO {
  /** The conversation's audience facts (user, channel, time), to which the answers are added. */
  facts(): Promise<AudienceFacts>;
  /**
   * Runs one of the reply's allowed tools; `ok: false` when it failed or is not allowed; `pending`
   * when an external tool call waits for approval (spec 2.9): the run then waits at this step.
   */
  runTool(name: string, args: Record<string, unknown>): Promise<{ ok: true; content: string } | { ok: false; error: string } | { pending: true }>;
  /** Parley's own texts in the visitor's language (agent/texts.ts). */
  text(key: 'procedureRetry' | 'procedureHandedOver' | 'handoffOffer', vars?: Record<string, string>): string;
}

export interface Position {
  /** The ask step waiting for an answer; null: start at the first step. */
  waitingAt: string | null;
  fields: Record<string, unknown>;
  attempts: number;
}

export interface Outcome {
  /** What to say, in order (one reply). */
  lines: string[];
  /** Where the run waits now; null when it is over. */
  next: Position | null;
  handoff: 'offer' | 'escalate' | null;
  note: string | null;
  toolsCalled: string[];
}

const fill = (text: string, fields: Record<string, unknown>) => text.replace(/\{\{\s*([a-z][a-z0-9_]*)\s*\}\}/g, (_, f: string) => (fields[f] === undefined ? '' : String(fields[f])));

/** Argument templates: a value that is exactly `{{field}}` keeps the answer's type (a number stays one). */
function fillArgs(value: unknown, fields: Record<string, unknown>): unknown {
  if (typeof value === 'string') {
    const whole = value.match(/^\{\{\s*([a-z][a-z0-9_]*)\s*\}\}$/);
    return whole ? (fields[whole[1]!] ?? null) : fill(value, fields);
  }
  if (Array.isArray(value)) return value.map((v) => fillArgs(v, fields));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fillArgs(v, fields)]));
  return value;
}

function askText(step: Extract<ProcedureStep, { type: 'ask' }>, fields: Record<string, unknown>): string {
  const prompt = fill(step.prompt, fields);
  return step.kind === 'choice' && step.options ? `${prompt}\n${step.options.map((o, i) => `${i + 1}. ${o}`).join('\n')}` : prompt;
}

/** The handover note: the author's, else every answer collected, one per line. */
const noteOf = (procedure: Procedure, note: string | undefined, fields: Record<string, unknown>) =>
  note ? fill(note, fields) : [`${procedure.name}:`, ...Object.entries(fields).map(([k, v]) => `- ${k}: ${String(v)}`)].join('\n');

export async function advance(procedure: Procedure, from: Position, answer: string | null, io: EngineIO): Promise<Outcome> {
  const steps = procedure.steps;
  const byId = new Map(steps.map((s, i) => [s.id, i]));
  const extra = procedureFields(steps);
  const fields = { ...from.fields };
  const out: Outcome = { lines: [], next: null, handoff: null, note: null, toolsCalled: [] };
  const after = (step: ProcedureStep): number | null => {
    const next = 'next' in step ? step.next : undefined;
    if (next === null) return null;
    if (next === undefined) return (byId.get(step.id)! + 1 < steps.length ? byId.get(step.id)! + 1 : null);
    return byId.get(next) ?? null;
  };
  const offerTeam = () => {
    out.lines.push(io.text('handoffOffer'));
    out.handoff = 'offer';
    return out;
  };

  let at: number | null = from.waitingAt === null ? 0 : (byId.get(from.waitingAt) ?? null);
  if (at === null) return offerTeam(); // the step it waited at was edited away
  // A run waiting at a tool step (an approval) starts there again; the message is no answer to it.
  if (from.waitingAt !== null && answer !== null && steps[at]!.type !== 'tool') {
    const step = steps[at]!;
    if (step.type !== 'ask') return offerTeam();
    const value = readAnswer(step.kind, answer, step.options);
    if (value === null) {
      const attempts = from.attempts + 1;
      if (attempts >= (step.max_attempts ?? DEFAULT_ATTEMPTS)) return offerTeam();
      out.lines.push(step.retry ? fill(step.retry, fields) : io.text('procedureRetry', { prompt: askText(step, fields) }));
      out.next = { waitingAt: step.id, fields, attempts };
      return out;
    }
    fields[step.field] = value;
    at = after(step);
  }

  for (let transitions = 0; at !== null; transitions++) {
    if (transitions >= MAX_TRANSITIONS) return offerTeam();
    const step = steps[at]!;
    switch (step.type) {
      case 'say':
        out.lines.push(fill(step.text, fields));
        at = after(step);
        break;
      case 'ask':
        out.lines.push(askText(step, fields));
        out.next = { waitingAt: step.id, fields, attempts: 0 };
        return out;
      case 'tool': {
        out.toolsCalled.push(step.tool);
        const result = await io.runTool(step.tool, fillArgs(step.arguments ?? {}, fields) as Record<string, unknown>);
        if ('pending' in result) {
          out.next = { waitingAt: step.id, fields, attempts: 0 };
          return out;
        }
        if (!result.ok) {
          if (step.on_error === undefined) return offerTeam();
          at = byId.get(step.on_error) ?? null;
          break;
        }
        if (step.save_as) fields[step.save_as] = result.content;
        at = after(step);
        break;
      }
      case 'branch': {
        const facts = await io.facts();
        const withAnswers: AudienceFacts = { ...facts, values: { ...facts.values, ...Object.fromEntries(Object.entries(fields).map(([k, v]) => [`procedure.${k}`, v])) } };
        const hit = step.cases.find((c) => compileAudience(c.when, extra)(withAnswers));
        const target = hit ? hit.next : step.otherwise;
        at = target === null ? null : (byId.get(target) ?? null);
        break;
      }
      case 'handoff':
        if (step.mode === 'offer') {
          out.lines.push(step.text ? fill(step.text, fields) : io.text('handoffOffer'));
          out.handoff = 'offer';
        } else {
          out.lines.push(step.text ? fill(step.text, fields) : io.text('procedureHandedOver'));
          out.handoff = 'escalate';
          out.note = noteOf(procedure, step.note, fields);
        }
        return out;
      case 'end':
        if (step.text) out.lines.push(fill(step.text, fields));
        return out;
    }
  }
  return out;
}
