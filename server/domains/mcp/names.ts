// Names and words around external tools: the server's slug, the namespaced tool name the model
// calls, and the plain-language summary a person approves (spec 2.9; docs/behaviour.md).
import { createHash } from 'node:crypto';

/** OpenAI's rule for function names: ^[a-zA-Z0-9_-]{1,64}$. */
const MAX_NAME = 64;

/** A slug from a display name: lowercase letters and digits, starting with a letter, at most 16. */
export function slugOf(name: string): string {
  const base = name.normalize('NFKD').toLowerCase().replace(/[^a-z0-9]/g, '').replace(/^[0-9]+/, '');
  return (base || 'server').slice(0, 16);
}

/**
 * `mcp_<slug>_<tool>`: unique across servers (slugs are unique in a project) and within OpenAI's
 * 64 characters. A tool name with other characters or too long keeps a readable prefix plus a short
 * hash of the original, so two long names that share a prefix stay apart.
 */
export function agentToolName(slug: string, tool: string): string {
  const clean = tool.replace(/[^a-zA-Z0-9_-]/g, '_');
  const full = `mcp_${slug}_${clean}`;
  if (full.length <= MAX_NAME && clean === tool) return full;
  const hash = createHash('sha256').update(tool).digest('hex').slice(0, 8);
  return `${full.slice(0, MAX_NAME - hash.length - 1)}_${hash}`;
}

function valueText(value: unknown): string {
  const text = typeof value === 'string' ? `"${value}"` : JSON.stringify(value);
  return text.length > 120 ? `${text.slice(0, 119)}…` : text;
}

/** What a person reads before approving: "will call Get order with order_id "A-101"". */
export function callSummary(title: string, args: Record<string, unknown>): string {
  const parts = Object.entries(args).map(([k, v]) => `${k} ${valueText(v)}`);
  return parts.length ? `will call ${title} with ${parts.join(', ')}` : `will call ${title} (no values)`;
}

/** A title a person reads: the server's title, else the tool's name with spaces. */
export const toolTitle = (tool: { name: string; title: string | null; annotations?: { title?: string } }) =>
  tool.title || tool.annotations?.title || tool.name.replace(/[_-]+/g, ' ');
