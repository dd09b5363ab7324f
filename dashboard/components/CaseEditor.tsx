// One case of a suite being edited: its name, the visitor's context, and its turns, each a visitor
// message with the expectations its reply must meet (docs/behaviour.md "Simulations").
import { hasContext, newTurn, nextKey, type CaseDraft, type TurnDraft } from '../models/simulation-draft.js';
import { ContextFields } from './ContextFields.js';
import { ExpectationRow } from './ExpectationRow.js';
import { ReasonButton } from './ReasonButton.js';

/** The server's limits per case and per turn. */
const MAX_TURNS = 20;
const MAX_EXPECT = 20;

interface Props {
  draft: CaseDraft;
  n: number;
  onChange(d: CaseDraft): void;
  /** Absent when it is the only case (a suite has at least one). */
  onRemove?: () => void;
}

export function CaseEditor({ draft, n, onChange, onRemove }: Props) {
  const setTurn = (key: number, patch: Partial<TurnDraft>) => onChange({ ...draft, turns: draft.turns.map((t) => (t.key === key ? { ...t, ...patch } : t)) });
  return (
    <li class="case-editor">
      <fieldset>
        <legend>Case {n}</legend>
        <div class="row-form">
          <label class="field">
            <span>Case name</span>
            <input required maxLength={200} value={draft.name} onInput={(e) => onChange({ ...draft, name: (e.target as HTMLInputElement).value })} />
          </label>
          {onRemove && (
            <button type="button" class="btn btn-quiet" onClick={onRemove}>
              Remove case {n}
            </button>
          )}
        </div>
        <ContextFields draft={draft.context} onChange={(context) => onChange({ ...draft, context })} open={hasContext(draft.context)} />
        <ol class="sim-rows">
          {draft.turns.map((t, i) => (
            <li key={t.key}>
              <fieldset class="turn-editor">
                <legend>Turn {i + 1}</legend>
                <label class="field">
                  <span>Visitor message</span>
                  <textarea required rows={2} maxLength={4000} value={t.user} onInput={(e) => setTurn(t.key, { user: (e.target as HTMLTextAreaElement).value })} />
                </label>
                {t.expect.length > 0 && (
                  <ul class="expect-list">
                    {t.expect.map((x, j) => (
                      <ExpectationRow
                        key={x.key}
                        draft={x}
                        n={j + 1}
                        onChange={(d) => setTurn(t.key, { expect: t.expect.map((y) => (y.key === x.key ? d : y)) })}
                        onRemove={() => setTurn(t.key, { expect: t.expect.filter((y) => y.key !== x.key) })}
                      />
                    ))}
                  </ul>
                )}
                <div class="add-buttons">
                  <button
                    type="button"
                    class="btn"
                    disabled={t.expect.length >= MAX_EXPECT}
                    onClick={() => setTurn(t.key, { expect: [...t.expect, { key: nextKey(), kind: 'cites', value: '' }] })}
                  >
                    Add expectation
                  </button>
                  {draft.turns.length > 1 && (
                    <button type="button" class="btn btn-quiet" onClick={() => onChange({ ...draft, turns: draft.turns.filter((x) => x.key !== t.key) })}>
                      Remove turn {i + 1}
                    </button>
                  )}
                </div>
              </fieldset>
            </li>
          ))}
        </ol>
        <ReasonButton type="button" class="btn" reason={draft.turns.length >= MAX_TURNS && `At most ${MAX_TURNS} turns.`} onClick={() => onChange({ ...draft, turns: [...draft.turns, newTurn()] })}>
          Add turn
        </ReasonButton>
      </fieldset>
    </li>
  );
}
