// The audience query builder (spec 2.8): the root group, whose items must all hold (AND), holding
// conditions and nested AND/OR groups. It edits a draft tree (models/audience-draft.ts); the editor
// turns it into the API's `conditions` when saving.
import { appendTo, removeNode, updateNode, type DraftNode } from '../models/audience-draft.js';
import { AddButtons, NodeList } from './AudienceGroup.js';
import type { BuilderOps } from './ConditionRow.js';
import { focusWhenMounted } from './row-focus.js';

interface Props {
  items: DraftNode[];
  onChange(items: DraftNode[]): void;
  errors: Record<string, string>;
  legend?: string;
  /** What the add buttons add to ("Add condition to the audience"). */
  name?: string;
  /** What an empty root means here. */
  emptyText?: string;
}

export function AudienceBuilder({ items, onChange, errors, legend = 'Conditions: all of these must hold (AND)', name = 'the audience', emptyText = 'No conditions: everyone is in this audience.' }: Props) {
  const ops: BuilderOps = {
    update: (key, fn) => onChange(updateNode(items, key, fn)),
    remove: (key) => onChange(removeNode(items, key)),
    append: (group, node) => {
      focusWhenMounted(node.key);
      onChange(appendTo(items, group, node));
    },
    errors,
  };
  return (
    <fieldset class="builder">
      <legend>{legend}</legend>
      {items.length ? <NodeList items={items} prefix="" ops={ops} depth={0} /> : <p class="muted">{emptyText}</p>}
      <AddButtons group={null} name={name} ops={ops} depth={0} />
    </fieldset>
  );
}
