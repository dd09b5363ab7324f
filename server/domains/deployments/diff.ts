// What changed between two snapshots (a build or the draft): the console's "diff between two
// versions" and the API's GET /deployments/diff (docs/behaviour.md "Deployments and aliases").
import type { DeploymentDiff, ItemChanges, Snapshot } from '../../../shared/schemas/deployments.js';

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Fields that never mean a behaviour change: bookkeeping of the stored record. */
const BOOKKEEPING = new Set(['created_at', 'updated_at', 'project_id', 'priority']);

function changedFields(a: Record<string, unknown>, b: Record<string, unknown>): string[] {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].filter((k) => !BOOKKEEPING.has(k) && !same(a[k], b[k])).sort();
}

function items<T>(from: T[], to: T[], id: (t: T) => string, name: (t: T) => string): ItemChanges {
  const before = new Map(from.map((t) => [id(t), t]));
  const after = new Map(to.map((t) => [id(t), t]));
  const out: ItemChanges = { added: [], removed: [], changed: [] };
  for (const [key, t] of after) {
    const old = before.get(key);
    if (!old) out.added.push({ id: key, name: name(t) });
    else {
      const fields = changedFields(old as Record<string, unknown>, t as Record<string, unknown>);
      if (fields.length) out.changed.push({ id: key, name: name(t), fields });
    }
  }
  for (const [key, t] of before) if (!after.has(key)) out.removed.push({ id: key, name: name(t) });
  return out;
}

export function diffSnapshots(from: Snapshot, to: Snapshot, labels: { from: string; to: string }): DeploymentDiff {
  const profile: DeploymentDiff['profile'] = [];
  const { model: modelA, ...restA } = from.profile;
  const { model: modelB, ...restB } = to.profile;
  for (const field of changedFields(restA, restB)) profile.push({ field, from: (restA as Record<string, unknown>)[field] ?? null, to: (restB as Record<string, unknown>)[field] ?? null });
  for (const field of changedFields(modelA, modelB)) profile.push({ field: `model.${field}`, from: (modelA as Record<string, unknown>)[field] ?? null, to: (modelB as Record<string, unknown>)[field] ?? null });

  const commonOrder = (ids: string[], keep: Set<string>) => ids.filter((i) => keep.has(i));
  const both = new Set(from.rules.map((r) => r.id).filter((i) => to.rules.some((r) => r.id === i)));
  const orderA = commonOrder(from.rules.map((r) => r.id), both);
  const orderB = commonOrder(to.rules.map((r) => r.id), both);

  return {
    ...labels,
    profile,
    rules: items(from.rules, to.rules, (r) => r.id, (r) => r.name),
    audiences: items(from.audiences, to.audiences, (a) => a.id, (a) => a.name),
    search_tables: items(from.search_tables, to.search_tables, (t) => t.table_id, (t) => t.name),
    // A source whose content changed keeps its id and gets a new hash: "changed", with the fields.
    knowledge: items(from.knowledge, to.knowledge, (k) => k.source_id, (k) => k.title),
    rule_order: same(orderA, orderB) ? null : to.rules.map((r) => r.id),
  };
}
