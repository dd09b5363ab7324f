// The one decision over every combination of its inputs (docs/behaviour.md "External tool servers
// (MCP)"): exposed, the team's approval setting, a trusted server, the annotations, a guidance allowlist.
import { describe, expect, it } from 'vitest';
import { decideToolCall, effectiveApproval, type ToolPolicy } from './decision.js';

const NAME = 'mcp_shop_get_order';
const approvals = [null, 'always', 'never'] as const;
const annotationSets = [
  {},
  { readOnlyHint: true },
  { readOnlyHint: true, destructiveHint: true },
  { readOnlyHint: false },
  { destructiveHint: true },
];
const allowlists: (ReadonlySet<string> | null)[] = [null, new Set([NAME]), new Set(['other_tool'])];

/** The rule written out by hand, independently of the implementation's structure. */
function expected(p: ToolPolicy, allowlist: ReadonlySet<string> | null): string {
  if (!p.exposed) return 'refuse:not_exposed';
  if (allowlist && !allowlist.has(NAME)) return 'refuse:not_allowed';
  if (p.approval === 'never') return 'run';
  if (p.approval === 'always') return 'ask';
  const readOnly = p.annotations.readOnlyHint === true && p.annotations.destructiveHint !== true;
  return p.trusted && readOnly ? 'run' : 'ask';
}

describe('decideToolCall', () => {
  const cases: [ToolPolicy, ReadonlySet<string> | null][] = [];
  for (const exposed of [false, true])
    for (const approval of approvals)
      for (const trusted of [false, true])
        for (const annotations of annotationSets)
          for (const allowlist of allowlists) cases.push([{ exposed, approval, trusted, annotations }, allowlist]);

  it(`covers all ${cases.length} combinations`, () => {
    expect(cases).toHaveLength(2 * 3 * 2 * 5 * 3);
    for (const [policy, allowlist] of cases) {
      const d = decideToolCall(policy, NAME, allowlist);
      const got = d.action === 'refuse' ? `refuse:${d.reason}` : d.action;
      expect(got, JSON.stringify({ policy, allowlist: allowlist && [...allowlist] })).toBe(expected(policy, allowlist));
    }
  });

  it('never runs an unexposed tool, whatever else is set', () => {
    expect(decideToolCall({ exposed: false, approval: 'never', trusted: true, annotations: { readOnlyHint: true } }, NAME, null)).toEqual({ action: 'refuse', reason: 'not_exposed' });
  });

  it('lets annotations suggest `never` only for a trusted server, and the team always wins', () => {
    expect(effectiveApproval({ approval: null, trusted: false, annotations: { readOnlyHint: true } })).toBe('always');
    expect(effectiveApproval({ approval: null, trusted: true, annotations: { readOnlyHint: true } })).toBe('never');
    expect(effectiveApproval({ approval: null, trusted: true, annotations: { readOnlyHint: true, destructiveHint: true } })).toBe('always');
    expect(effectiveApproval({ approval: 'always', trusted: true, annotations: { readOnlyHint: true } })).toBe('always');
    expect(effectiveApproval({ approval: 'never', trusted: false, annotations: { destructiveHint: true } })).toBe('never');
  });
});
