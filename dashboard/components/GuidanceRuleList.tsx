// A profile's guidance rules in priority order (spec 2.7: 1 applies first): each with its state, its
// audience and the tools its backticks allow, moved with buttons rather than drag and drop so the
// order can be changed from the keyboard. The page does the API calls and keeps the focus on the
// moved rule's button (moveButtonId).
import type { Audience, GuidanceRule } from '../models/behaviour.js';
import { AudienceOptions } from './AudienceOptions.js';

interface Props {
  rules: GuidanceRule[];
  audiences: Audience[];
  editingId: string | null;
  onMove(index: number, delta: -1 | 1): void;
  onState(rule: GuidanceRule, active: boolean): void;
  onAudience(rule: GuidanceRule, audienceId: string | null): void;
  onEdit(rule: GuidanceRule): void;
  onDelete(rule: GuidanceRule): void;
}

export const moveButtonId = (ruleId: string, delta: -1 | 1) => `move-${delta < 0 ? 'up' : 'down'}-${ruleId}`;

export function GuidanceRuleList({ rules, audiences, editingId, onMove, onState, onAudience, onEdit, onDelete }: Props) {
  if (!rules.length) return <p class="muted">No rules yet: the profile's enabled tools apply to every conversation.</p>;
  return (
    <ol class="rule-list" aria-label="Guidance rules, first priority first">
      {rules.map((r, i) => (
        <li key={r.id} class={r.id === editingId ? 'rule-row editing' : 'rule-row'} data-rule-id={r.id}>
          <div class="rule-head">
            <span class="rule-priority" aria-hidden="true">
              {i + 1}
            </span>
            <strong class="rule-name">{r.name}</strong>
            {r.state === 'draft' && <span class="status">Draft</span>}
          </div>
          <div class="rule-controls">
            <label class="check">
              <input type="checkbox" checked={r.state === 'active'} onChange={(e) => onState(r, (e.target as HTMLInputElement).checked)} /> Active
              <span class="sr-only"> ({r.name})</span>
            </label>
            <label class="field rule-audience">
              <span>
                Audience<span class="sr-only"> of {r.name}</span>
              </span>
              <select value={r.audience_id ?? ''} onChange={(e) => onAudience(r, (e.target as HTMLSelectElement).value || null)}>
                <AudienceOptions audiences={audiences} />
              </select>
            </label>
            <div class="rule-tools">
              <span class="muted">Tools:</span>{' '}
              {r.allowed_tools.length ? (
                <ul class="chips" aria-label={`Allowed tools of ${r.name}`}>
                  {r.allowed_tools.map((t) => (
                    <li key={t} class="chip">
                      <code>{t}</code>
                    </li>
                  ))}
                </ul>
              ) : (
                <span class="muted">none</span>
              )}
            </div>
          </div>
          <div class="rule-actions">
            <button type="button" class="btn" id={moveButtonId(r.id, -1)} aria-label={`Move up ${r.name}`} disabled={i === 0} onClick={() => onMove(i, -1)}>
              Move up
            </button>
            <button type="button" class="btn" id={moveButtonId(r.id, 1)} aria-label={`Move down ${r.name}`} disabled={i === rules.length - 1} onClick={() => onMove(i, 1)}>
              Move down
            </button>
            <button type="button" class="btn" aria-label={`Edit ${r.name}`} onClick={() => onEdit(r)}>
              Edit
            </button>
            <button type="button" class="btn btn-quiet" aria-label={`Delete ${r.name}`} onClick={() => onDelete(r)}>
              Delete
            </button>
          </div>
        </li>
      ))}
    </ol>
  );
}
