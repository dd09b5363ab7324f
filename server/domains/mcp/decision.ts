// Whether an external tool call may run now, must wait for a person's approval, or is refused
// (spec 2.9 "External tool servers": the team chooses which tools to expose and whether actions need
// approval). The whole decision is this one pure function, so no second switch elsewhere (a global
// auto-approve, an annotation) can let a tool run unasked: every caller — the model's tool loop,
// a procedure's tool step, the list of tools offered — asks it.
import type { ApprovalSetting, McpToolAnnotations } from '../../../shared/schemas/mcp-servers.js';

export interface ToolPolicy {
  /** The team exposed the tool to the agent (default false). */
  exposed: boolean;
  /** The team's approval setting; null: not set. */
  approval: ApprovalSetting | null;
  /** The team marked the server trusted: only then may its annotations make `never` the default. */
  trusted: boolean;
  annotations: Pick<McpToolAnnotations, 'readOnlyHint' | 'destructiveHint'>;
}

export type CallDecision =
  | { action: 'run' }
  | { action: 'ask' }
  | { action: 'refuse'; reason: 'not_exposed' | 'not_allowed' };

/**
 * The approval that applies: the team's setting, else `always` — except a tool a trusted server
 * declares read-only (and not destructive), whose default is `never`. Annotations of an untrusted
 * server are only claims, so they change nothing.
 */
export function effectiveApproval(policy: Pick<ToolPolicy, 'approval' | 'trusted' | 'annotations'>): ApprovalSetting {
  if (policy.approval) return policy.approval;
  const readOnly = policy.annotations.readOnlyHint === true && policy.annotations.destructiveHint !== true;
  return policy.trusted && readOnly ? 'never' : 'always';
}

/**
 * `allowlist`: the tool names the guidance rules of this reply allow (spec 2.7), null when no rule
 * narrows them; a rule can only take tools away, never skip an approval.
 */
export function decideToolCall(policy: ToolPolicy, agentName: string, allowlist: ReadonlySet<string> | null): CallDecision {
  if (!policy.exposed) return { action: 'refuse', reason: 'not_exposed' };
  if (allowlist && !allowlist.has(agentName)) return { action: 'refuse', reason: 'not_allowed' };
  return effectiveApproval(policy) === 'never' ? { action: 'run' } : { action: 'ask' };
}
