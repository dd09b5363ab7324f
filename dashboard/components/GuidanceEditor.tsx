// Writes one guidance rule (spec 2.7): name, instructions with backtick tool completion, audience and
// state. The editor stays open after saving so the server's `unknown_tools` (backticked names that are
// no tool of the profile, left out of allowed_tools) show next to the text that holds the typo.
import { useEffect, useRef, useState } from 'preact/hooks';
import { createRule, updateRule, type Audience, type GuidanceRule, type SavedRule } from '../models/behaviour.js';
import { ToolCompletion } from './ToolCompletion.js';
import { ErrorAlert } from './ErrorAlert.js';
import { useErrorLine } from './use-error-line.js';
import { AudienceOptions } from './AudienceOptions.js';
import { ReasonButton } from './ReasonButton.js';

interface Props {
  project: string;
  profileId: string;
  /** null: a new rule (the first save creates it; later saves change it). */
  rule: GuidanceRule | null;
  tools: { name: string; kind: string }[];
  audiences: Audience[];
  onSaved(rule: SavedRule): void;
  onClose(): void;
}

const text = (e: Event) => (e.target as HTMLInputElement).value;

export function GuidanceEditor({ project, profileId, rule, tools, audiences, onSaved, onClose }: Props) {
  const [name, setName] = useState(rule?.name ?? '');
  const [instructions, setInstructions] = useState(rule?.instructions ?? '');
  const [audience, setAudience] = useState(rule?.audience_id ?? '');
  const [active, setActive] = useState((rule?.state ?? 'active') === 'active');
  const [saved, setSaved] = useState<SavedRule | null>(null);
  const { error, guard } = useErrorLine();
  const nameRef = useRef<HTMLInputElement>(null);
  useEffect(() => nameRef.current?.focus(), []);

  async function save(e: Event) {
    e.preventDefault();
    setSaved(null);
    const body = { name: name.trim(), instructions, audience_id: audience || null, state: active ? ('active' as const) : ('draft' as const) };
    const res = await guard(() => (rule ? updateRule(project, rule.id, body) : createRule(project, { ...body, profile_id: profileId })));
    if (!res) return;
    setSaved(res);
    onSaved(res);
  }

  return (
    <form class="card rule-editor" onSubmit={save} aria-labelledby="rule-editor-title">
      <h3 id="rule-editor-title">{rule ? `Edit rule: ${rule.name}` : 'New rule'}</h3>
      <div class="form-cols">
        <label class="field">
          <span>Rule name</span>
          <input ref={nameRef} required maxLength={120} value={name} onInput={(e) => setName(text(e))} />
        </label>
        <label class="field">
          <span>Audience</span>
          <select value={audience} onChange={(e) => setAudience(text(e))}>
            <AudienceOptions audiences={audiences} />
          </select>
        </label>
        <div class="wide">
          <ToolCompletion id="rule-instructions" label="Instructions" value={instructions} onValue={setInstructions} tools={tools} rows={6} />
        </div>
        <label class="check wide">
          <input type="checkbox" checked={active} onChange={(e) => setActive((e.target as HTMLInputElement).checked)} /> Active (a draft never applies)
        </label>
      </div>
      <div class="form-actions">
        <ReasonButton class="btn btn-primary" type="submit" reason={!name.trim() ? 'Name the rule first.' : !instructions.trim() && 'Write its instructions first.'}>
          Save rule
        </ReasonButton>
        <button class="btn" type="button" onClick={onClose}>
          Close
        </button>
      </div>
      <div role="status">
        {saved && (
          <>
            <p class="ok">
              Rule saved. Allowed tools: {saved.allowed_tools.length ? saved.allowed_tools.join(', ') : 'none'}.
            </p>
            {saved.unknown_tools.map((t) => (
              <p key={t} class="warning">
                Not a tool of this profile: <code>`{t}`</code> (left out of the allowed tools).
              </p>
            ))}
          </>
        )}
      </div>
      <ErrorAlert text={error} />
    </form>
  );
}
