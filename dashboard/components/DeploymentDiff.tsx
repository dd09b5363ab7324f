// What differs between two sides (a build or the draft) as people read it: profile fields from → to,
// then rules, audiences, search tables and knowledge sources added, removed and changed with the
// fields that changed (docs/behaviour.md "Deployments and aliases"). Groups, not landmarks: the page
// shows two diffs at once and landmarks must have unique names.
import type { DeploymentDiff as Diff, ItemChanges } from '../models/deployments.js';

const GROUPS: [keyof Pick<Diff, 'rules' | 'audiences' | 'search_tables' | 'knowledge'>, string][] = [
  ['rules', 'Guidance rules'],
  ['audiences', 'Audiences'],
  ['search_tables', 'Search tables'],
  ['knowledge', 'Knowledge sources'],
];

const count = (c: ItemChanges) => c.added.length + c.removed.length + c.changed.length;

/** A profile value in one short line; long instructions are cut, with the whole value in the title. */
function Value({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <span class="muted">unset</span>;
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return <span title={text.length > 120 ? text : undefined}>{text.length > 120 ? `${text.slice(0, 120)}…` : text}</span>;
}

/** `model.temperature` may break after the dot on a narrow screen, never inside a word. */
const fieldName = (field: string) => field.split('.').flatMap((part, i) => (i ? [<wbr key={i} />, `.${part}`] : [part]));

function Changes({ title, changes }: { title: string; changes: ItemChanges }) {
  return (
    <div class="diff-group" role="group" aria-label={title}>
      <h3>{title}</h3>
      <ul class="diff-items">
        {changes.added.map((i) => (
          <li key={`a${i.id}`}>
            <span class="diff-tag diff-added">Added</span> {i.name}
          </li>
        ))}
        {changes.removed.map((i) => (
          <li key={`r${i.id}`}>
            <span class="diff-tag diff-removed">Removed</span> {i.name}
          </li>
        ))}
        {changes.changed.map((i) => (
          <li key={`c${i.id}`}>
            <span class="diff-tag diff-changed">Changed</span> {i.name} <span class="muted">({i.fields.join(', ')})</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function DeploymentDiff({ diff, label }: { diff: Diff; label: string }) {
  const groups = GROUPS.filter(([key]) => count(diff[key]) > 0);
  const empty = !diff.profile.length && !groups.length && !diff.rule_order;
  return (
    <div class="diff" role="group" aria-label={label} data-testid="diff">
      {empty && <p class="muted">No differences.</p>}
      {diff.profile.length > 0 && (
        <div class="diff-group" role="group" aria-label="Profile">
          <h3>Profile</h3>
          <table class="diff-profile">
            <thead>
              <tr>
                <th scope="col">Field</th>
                <th scope="col">From</th>
                <th scope="col">To</th>
              </tr>
            </thead>
            <tbody>
              {diff.profile.map((p) => (
                <tr key={p.field}>
                  <th scope="row">
                    <code>{fieldName(p.field)}</code>
                  </th>
                  <td>
                    <Value value={p.from} />
                  </td>
                  <td>
                    <Value value={p.to} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {groups.map(([key, title]) => (
        <Changes key={key} title={title} changes={diff[key]} />
      ))}
      {diff.rule_order && <p>The rules' priority order changed.</p>}
    </div>
  );
}
