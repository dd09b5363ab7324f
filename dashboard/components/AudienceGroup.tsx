// The items of a group of the audience builder and a nested group itself (spec 2.8): conditions and
// groups are numbered by position ("Condition 2.1" is the first item of the second item's group), so
// a screen reader and the error at a row name the same place. Groups nest two levels (the API's limit).
import { MAX_GROUP_DEPTH, newCondition, newGroup, type DraftGroup, type DraftNode } from '../models/audience-draft.js';
import { ConditionRow, type BuilderOps } from './ConditionRow.js';
import { ErrorAlert } from './ErrorAlert.js';
import { SelectField } from './SelectField.js';
import { removeAndRefocus, useFocusOnMount } from './row-focus.js';

export function NodeList({ items, prefix, ops, depth }: { items: DraftNode[]; prefix: string; ops: BuilderOps; depth: number }) {
  return (
    <ol class="node-list">
      {items.map((n, i) => {
        const number = `${prefix}${i + 1}`;
        return n.type === 'group' ? <GroupBox key={n.key} group={n} number={number} ops={ops} depth={depth + 1} /> : <ConditionRow key={n.key} condition={n} number={number} ops={ops} />;
      })}
    </ol>
  );
}

/** "Add condition" and, below the deepest level, "Add group", for the root (`group` null) or a group. */
export function AddButtons({ group, name, ops, depth }: { group: string | null; name: string; ops: BuilderOps; depth: number }) {
  return (
    <div class="add-buttons">
      <button type="button" class="btn" aria-label={`Add condition to ${name}`} onClick={() => ops.append(group, newCondition())}>
        Add condition
      </button>
      {depth < MAX_GROUP_DEPTH && (
        <button type="button" class="btn" aria-label={`Add group to ${name}`} onClick={() => ops.append(group, newGroup())}>
          Add group
        </button>
      )}
    </div>
  );
}

function GroupBox({ group: g, number, ops, depth }: { group: DraftGroup; number: string; ops: BuilderOps; depth: number }) {
  const name = `group ${number}`;
  const ref = useFocusOnMount<HTMLLIElement>(g.key);
  return (
    <li ref={ref} class={`group group-${g.combinator}`}>
      <fieldset>
        <legend>Group {number}</legend>
        <div class="group-head">
          <SelectField label="Match" value={g.combinator} onChange={(v) => ops.update(g.key, (n) => ({ ...(n as DraftGroup), combinator: v as 'and' | 'or' }))}>
            <option value="and">all of these (AND)</option>
            <option value="or">any of these (OR)</option>
          </SelectField>
          <button type="button" class="btn btn-quiet" aria-label={`Remove ${name}`} onClick={(e) => removeAndRefocus(e.currentTarget, () => ops.remove(g.key))}>
            Remove group
          </button>
        </div>
        <ErrorAlert text={ops.errors[g.key] ?? ''} />
        {g.items.length ? <NodeList items={g.items} prefix={`${number}.`} ops={ops} depth={depth} /> : <p class="muted">An empty group holds for everyone.</p>}
        <AddButtons group={g.key} name={name} ops={ops} depth={depth} />
      </fieldset>
    </li>
  );
}
