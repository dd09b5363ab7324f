// The Simulations page's forms as plain data (docs/behaviour.md "Simulations"): a visitor context as
// text fields, expectations as a kind plus one value, a suite's cases and turns; and the conversion to
// the API's shapes, with the mistakes a person can make (JSON that is no object, a date that is none)
// returned as sentences rather than sent as a request the server would refuse.
import type { Expectation, SimulationCase, SimulationContext, SuiteBody } from '../../shared/schemas/simulations.js';

export interface ContextDraft {
  name: string;
  email: string;
  emailVerified: boolean;
  timezone: string;
  /** Comma-separated, as typed. */
  locales: string;
  /** JSON object text, as typed. */
  attributes: string;
  browserUrl: string;
  /** A datetime-local value in the browser's timezone; empty means "now". */
  time: string;
  /** What the context held that the form does not show (phone, labels… set through the API): kept as it was. */
  rest: SimulationContext;
}

export type ExpectationKind = Expectation['type'];

/** Every kind with its label and, when it takes one, what its value is called. */
export const EXPECTATION_KINDS: Record<ExpectationKind, { label: string; value?: { label: string; required: boolean } }> = {
  cites: { label: 'Cites a source', value: { label: 'Title contains (optional)', required: false } },
  contains: { label: 'Contains', value: { label: 'Text', required: true } },
  not_contains: { label: 'Does not contain', value: { label: 'Text', required: true } },
  offers_handoff: { label: 'Offers handoff' },
  no_handoff: { label: 'No handoff' },
  calls_tool: { label: 'Calls tool', value: { label: 'Tool', required: true } },
  not_calls_tool: { label: 'Does not call tool', value: { label: 'Tool', required: true } },
};
export const KIND_NAMES = Object.keys(EXPECTATION_KINDS) as ExpectationKind[];

export interface ExpectDraft {
  key: number;
  kind: ExpectationKind;
  value: string;
}
export interface TurnDraft {
  key: number;
  user: string;
  expect: ExpectDraft[];
}
export interface CaseDraft {
  key: number;
  name: string;
  context: ContextDraft;
  turns: TurnDraft[];
}

let lastKey = 0;
/** A key for a new row, so removing one row keeps the others' inputs (and focus) in place. */
export const nextKey = () => ++lastKey;

const pad = (n: number) => String(n).padStart(2, '0');
/** An ISO instant as a datetime-local value in the browser's timezone. */
export function toLocalInput(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

export function fromContext(c: SimulationContext = {}): ContextDraft {
  const { name, email, email_verified, timezone, locales, external_attributes, ...user } = c.user ?? {};
  const { browser_url, ...channel } = c.channel ?? {};
  const rest: SimulationContext = {};
  if (Object.keys(user).length) rest.user = user;
  if (Object.keys(channel).length) rest.channel = channel;
  return {
    name: name ?? '',
    email: email ?? '',
    emailVerified: email_verified ?? false,
    timezone: timezone ?? '',
    locales: (locales ?? []).join(', '),
    attributes: external_attributes ? JSON.stringify(external_attributes, null, 2) : '',
    browserUrl: browser_url ?? '',
    time: c.time ? toLocalInput(c.time) : '',
    rest,
  };
}

export const emptyContext = () => fromContext();

/** Whether the draft says anything about the visitor (the form then opens its context fields). */
export const hasContext = (d: ContextDraft) =>
  d.emailVerified || Object.keys(d.rest).length > 0 || [d.name, d.email, d.timezone, d.locales, d.attributes, d.browserUrl, d.time].some((v) => v.trim() !== '');

/** The sentence for attributes text that is no JSON object; '' when it is one or empty. */
export function attributesError(text: string): string {
  if (!text.trim()) return '';
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === 'object' && !Array.isArray(value)) return '';
  } catch {
    // falls through to the sentence below
  }
  return 'External attributes must be a JSON object, such as {"plan": "pro"}.';
}

export type Converted<T> = { ok: true; value: T } | { ok: false; error: string };

/** The context the API takes (empty fields left out), or what is wrong with the draft. */
export function toContext(d: ContextDraft): Converted<SimulationContext | undefined> {
  const bad = attributesError(d.attributes);
  if (bad) return { ok: false, error: bad };
  const user: NonNullable<SimulationContext['user']> = { ...d.rest.user };
  if (d.name.trim()) user.name = d.name.trim();
  if (d.email.trim()) user.email = d.email.trim();
  if (d.emailVerified) user.email_verified = true;
  if (d.timezone.trim()) user.timezone = d.timezone.trim();
  const locales = d.locales.split(',').map((l) => l.trim()).filter(Boolean);
  if (locales.length) user.locales = locales;
  if (d.attributes.trim()) user.external_attributes = JSON.parse(d.attributes) as Record<string, unknown>;
  const channel: NonNullable<SimulationContext['channel']> = { ...d.rest.channel };
  if (d.browserUrl.trim()) channel.browser_url = d.browserUrl.trim();
  const context: SimulationContext = {};
  if (Object.keys(user).length) context.user = user;
  if (Object.keys(channel).length) context.channel = channel;
  if (d.time) {
    const at = new Date(d.time);
    if (Number.isNaN(at.getTime())) return { ok: false, error: 'The time is not a valid date and time.' };
    context.time = at.toISOString();
  }
  return { ok: true, value: Object.keys(context).length ? context : undefined };
}

export function toExpectation(d: ExpectDraft): Expectation {
  const value = d.value.trim();
  switch (d.kind) {
    case 'cites':
      return value ? { type: 'cites', title_contains: value } : { type: 'cites' };
    case 'contains':
    case 'not_contains':
      return { type: d.kind, text: value };
    case 'calls_tool':
    case 'not_calls_tool':
      return { type: d.kind, tool: value };
    default:
      return { type: d.kind };
  }
}

export function fromExpectation(e: Expectation): ExpectDraft {
  const value = 'text' in e ? e.text : 'tool' in e ? e.tool : 'title_contains' in e ? (e.title_contains ?? '') : '';
  return { key: nextKey(), kind: e.type, value };
}

export const newTurn = (): TurnDraft => ({ key: nextKey(), user: '', expect: [] });
export const newCase = (n: number): CaseDraft => ({ key: nextKey(), name: `Case ${n}`, context: emptyContext(), turns: [newTurn()] });

export function fromCase(c: SimulationCase): CaseDraft {
  return {
    key: nextKey(),
    name: c.name,
    context: fromContext(c.context),
    turns: c.turns.map((t) => ({ key: nextKey(), user: t.user, expect: (t.expect ?? []).map(fromExpectation) })),
  };
}

/** The suite the API takes, or the first mistake, named by its case. */
export function toSuiteBody(name: string, cases: CaseDraft[]): Converted<SuiteBody> {
  const out: SimulationCase[] = [];
  for (const c of cases) {
    const context = toContext(c.context);
    if (!context.ok) return { ok: false, error: `${c.name || 'A case'}: ${context.error}` };
    const turns = c.turns.map((t) => ({ user: t.user.trim(), ...(t.expect.length ? { expect: t.expect.map(toExpectation) } : {}) }));
    out.push({ name: c.name.trim(), ...(context.value ? { context: context.value } : {}), turns });
  }
  return { ok: true, value: { name: name.trim(), cases: out } };
}

/** An expectation in a few words, for the list of saved suites: `Cites "pickup"`, `Offers handoff`. */
export function describeExpectation(e: Expectation): string {
  const label = EXPECTATION_KINDS[e.type].label;
  const d = fromExpectation(e);
  return d.value ? `${label} "${d.value}"` : label;
}
