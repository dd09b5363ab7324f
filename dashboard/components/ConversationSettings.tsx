// Status, assignment, labels and free-form tags of one conversation; each change is saved at once.
import { useEffect, useState } from 'preact/hooks';
import type { Conversation, ConversationStatus } from '../../shared/schemas/entities.js';
import { assign, setLabels, setStatus, setTags } from '../models/conversation.js';
import { members } from '../models/projects.js';
import { INVOLVEMENT_TEXT, STATUS_TEXT } from './format.js';
import { LabelPicker } from './LabelPicker.js';
import { LabelChips } from './LabelChips.js';
import { SnoozeControl } from './SnoozeControl.js';

const parseTags = (text: string) => [...new Set(text.split(',').map((t) => t.trim()).filter(Boolean))];

export function ConversationSettings({ c, run }: { c: Conversation; run: (action: () => Promise<unknown>, done?: string) => void }) {
  const [tags, setTagText] = useState(c.tags.join(', '));
  useEffect(() => setTagText(c.tags.join(', ')), [c.tags.join(',')]);
  // Shown at once while the change is saved (the server's answer then confirms or restores it).
  const [labelIds, setLabelIds] = useState(c.labels);
  useEffect(() => setLabelIds(c.labels), [c.labels.join(',')]);
  const saveTags = () => {
    const next = parseTags(tags);
    if (next.join(',') !== c.tags.join(',')) run(() => setTags(next), 'Tags saved.');
  };
  return (
    <section class="panel settings" aria-labelledby="settings-title">
      <h2 id="settings-title">Details</h2>
      <label class="field">
        <span>Status</span>
        <select value={c.status} onChange={(e) => run(() => setStatus((e.target as HTMLSelectElement).value as ConversationStatus), 'Status changed.')}>
          {(Object.keys(STATUS_TEXT) as ConversationStatus[]).map((s) => (
            <option key={s} value={s}>
              {STATUS_TEXT[s]}
            </option>
          ))}
        </select>
      </label>
      <label class="field">
        <span>Assigned to</span>
        <select value={c.assignee_id ?? ''} onChange={(e) => run(() => assign((e.target as HTMLSelectElement).value || null), 'Assignment changed.')}>
          <option value="">Nobody</option>
          {members.value.map((m) => (
            <option key={m.id} value={m.id}>
              {m.name}
            </option>
          ))}
        </select>
      </label>
      <SnoozeControl c={c} run={run} />
      <div class="field">
        <span>Labels</span>
        <LabelChips ids={c.labels} />
        <LabelPicker
          legend="Change labels"
          value={labelIds}
          onChange={(ids) => {
            setLabelIds(ids);
            run(() => setLabels(ids).catch((err: unknown) => (setLabelIds(c.labels), Promise.reject(err))), 'Labels saved.');
          }}
        />
      </div>
      <label class="field">
        <span>Tags (comma separated)</span>
        <input
          type="text"
          value={tags}
          onInput={(e) => setTagText((e.target as HTMLInputElement).value)}
          onBlur={saveTags}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              saveTags();
            }
          }}
        />
      </label>
      <p class="muted">Answered by: {INVOLVEMENT_TEXT[c.ai_involvement]}</p>
    </section>
  );
}
