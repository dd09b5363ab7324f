// The audience query builder (spec 2.8): the root group, whose items must all hold (AND), holding
// conditions and nested AND/OR groups. It edits a draft tree (models/audience-draft.ts); the editor
// turns it into the API's `conditions` when saving.
import { appendTo, removeNode, updateNode, type DraftNode } from '../models/audience-draft.js';
import { AddButtons, NodeList } from './AudienceGroup.js';
import type { BuilderOps } from './ConditionRow.js';

export function AudienceBuilder({ items, onChange, errors }: { items: DraftNode[]; onChange(items: DraftNode[]): void; errors: Record<string, string> }) {
  const ops: BuilderOps = {
    update: (key, fn) => onChange(updateNode(items, key, fn)),
    remove: (key) => onChange(removeNode(items, key)),
    append: (group, node) => onChange(appendTo(items, group, node)),
    errors,
  };
  return (
    <fieldset class="builder">
      <legend>Conditions: all of these must hold (AND)</legend>
      {items.length ? <NodeList items={items} prefix="" ops={ops} depth={0} /> : <p class="muted">No conditions: everyone is in this audience.</p>}
      <AddButtons group={null} name="the audience" ops={ops} depth={0} />
    </fieldset>
  );
}
