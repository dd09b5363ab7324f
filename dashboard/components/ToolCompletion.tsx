// The instructions textarea of a guidance rule with backtick tool completion (spec 2.7): typing ` opens
// a list of the profile's tools, filtered as the name is typed; arrow keys and Enter (or a click) insert
// `name` with its closing backtick, Escape closes the list. ARIA 1.1 combobox pattern: the combobox
// element wraps the textbox and its listbox, since a <textarea> may carry neither role="combobox" nor
// aria-expanded; the textarea keeps focus and points at the active option with aria-activedescendant.
import { useRef, useState } from 'preact/hooks';
import { completionAt, filterTools, insertTool, type Completion } from '../models/tool-completion.js';

interface Props {
  id: string;
  label: string;
  value: string;
  onValue(value: string): void;
  tools: { name: string; kind: string }[];
  rows?: number;
}

/** Keys that move the caret without typing: the completion follows the caret. */
const CARET_KEYS = new Set(['ArrowLeft', 'ArrowRight', 'Home', 'End', 'PageUp', 'PageDown']);

export function ToolCompletion({ id, label, value, onValue, tools, rows = 5 }: Props) {
  const ref = useRef<HTMLTextAreaElement>(null);
  const [ctx, setCtx] = useState<Completion | null>(null);
  const [active, setActive] = useState(0);
  // Escape closes the list for this backtick only; the next backtick opens it again.
  const [dismissed, setDismissed] = useState<number | null>(null);
  const matches = ctx ? filterTools(tools, ctx.query) : [];
  const open = !!ctx && ctx.start !== dismissed && matches.length > 0;
  const current = Math.min(active, matches.length - 1);
  const listId = `${id}-tools`;
  const optionId = (i: number) => `${id}-tool-${i}`;

  function track() {
    const el = ref.current;
    if (!el) return;
    const next = el.selectionStart === el.selectionEnd ? completionAt(el.value, el.selectionStart) : null;
    if (next?.query !== ctx?.query || next?.start !== ctx?.start) setActive(0);
    if (!next) setDismissed(null);
    setCtx(next);
  }

  function choose(i: number) {
    const el = ref.current;
    if (!el || !ctx || !matches[i]) return;
    const r = insertTool(el.value, el.selectionStart, ctx, matches[i].name);
    // Written to the element first so the caret lands after the closing backtick; the re-render
    // then finds the value it already has and leaves the caret alone.
    el.value = r.text;
    el.setSelectionRange(r.caret, r.caret);
    setCtx(null);
    onValue(r.text);
  }

  function onKeyDown(e: KeyboardEvent) {
    if (!open || !ctx) return;
    const step = { ArrowDown: 1, ArrowUp: -1 }[e.key];
    if (step) {
      e.preventDefault();
      setActive((current + step + matches.length) % matches.length);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      choose(current);
    } else if (e.key === 'Escape') {
      // Only the list closes, not a dialog or panel around the editor.
      e.preventDefault();
      e.stopPropagation();
      setDismissed(ctx.start);
    }
  }

  return (
    <div class="field tool-field">
      <label id={`${id}-label`} for={id}>
        {label}
      </label>
      <div class="tool-combo" role="combobox" aria-labelledby={`${id}-label`} aria-expanded={open} aria-controls={listId} aria-haspopup="listbox">
        <textarea
          id={id}
          ref={ref}
          rows={rows}
          required
          maxLength={8000}
          value={value}
          spellcheck={false}
          aria-autocomplete="list"
          aria-controls={listId}
          aria-activedescendant={open ? optionId(current) : undefined}
          aria-describedby={`${id}-hint`}
          onInput={(e) => {
            onValue((e.target as HTMLTextAreaElement).value);
            track();
          }}
          onKeyDown={onKeyDown}
          onKeyUp={(e) => CARET_KEYS.has(e.key) && track()}
          onClick={track}
          onBlur={() => setCtx(null)}
        />
        <ul id={listId} role="listbox" aria-label="Tools of this profile" class="tool-list" hidden={!open}>
          {open &&
            matches.map((t, i) => (
              <li
                key={t.name}
                id={optionId(i)}
                role="option"
                aria-selected={i === current}
                class={i === current ? 'tool-option active' : 'tool-option'}
                // Keeps the focus (and the caret) in the textarea while the option is clicked.
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => choose(i)}
              >
                <code>{t.name}</code> <span class="muted">{t.kind}</span>
              </li>
            ))}
        </ul>
      </div>
      <p id={`${id}-hint`} class="muted tool-hint">
        Type <kbd>`</kbd> to name a tool the rule allows
        {tools.length ? `: ${tools.map((t) => t.name).join(', ')}` : ' (this profile has none enabled)'}.
      </p>
    </div>
  );
}
