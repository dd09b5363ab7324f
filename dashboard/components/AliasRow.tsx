// One alias: the build it names, mutable or fixed, the channels following it and its history of
// moves; a mutable one can be pointed at another build (promotion, or rollback to an older one) and
// deleted (the page asks for confirmation), a fixed one neither, so it shows no such controls.
import { useState } from 'preact/hooks';
import { pointAlias, type AliasOut } from '../models/deployments.js';
import { now } from '../models/clock.js';
import { ago, fullTime } from './format.js';
import { ErrorAlert } from './ErrorAlert.js';
import { useErrorLine } from './use-error-line.js';
import { VersionOptions } from './VersionOptions.js';
import { ReasonButton } from './ReasonButton.js';

interface Props {
  project: string;
  alias: AliasOut;
  versions: number[];
  /** Channel names by id, for "followed by". */
  channelNames: Map<string, string>;
  onChanged(): void;
  onDelete(a: AliasOut): void;
}

const actor = (by: AliasOut['history'][number]['by']) => (by.type === 'api_key' ? `API key ${by.name}` : by.name);

export function AliasRow({ project, alias, versions, channelNames, onChanged, onDelete }: Props) {
  const [target, setTarget] = useState(String(alias.version));
  const [note, setNote] = useState('');
  const [message, setMessage] = useState('');
  const { error, guard } = useErrorLine();
  const channels = alias.channel_ids.map((id) => channelNames.get(id) ?? id);

  async function repoint(e: Event) {
    e.preventDefault();
    setMessage('');
    const done = await guard(() => pointAlias(project, alias.name, { version: Number(target), note: note.trim() }));
    if (!done) return;
    setNote('');
    setMessage(`${alias.name} now points at v${done.version}.`);
    onChanged();
  }

  return (
    <li class="alias-row" data-alias={alias.name}>
      <div class="build-head">
        <strong>{alias.name}</strong>
        <span>→ v{alias.version}</span>
        <span class={`chip ${alias.mutable ? '' : 'chip-fixed'}`}>{alias.mutable ? 'mutable' : 'fixed'}</span>
        <span class="muted alias-channels">{channels.length ? `Followed by ${channels.join(', ')}` : 'No channel follows it'}</span>
        {alias.mutable && (
          <button type="button" class="btn btn-quiet" aria-label={`Delete alias ${alias.name}`} onClick={() => onDelete(alias)}>
            Delete
          </button>
        )}
      </div>
      <details>
        <summary>History ({alias.history.length})</summary>
        <ol class="alias-history">
          {alias.history.map((m, i) => (
            <li key={i}>
              {m.previous === null ? `created at v${m.version}` : `v${m.previous} → v${m.version}`}, by {actor(m.by)},{' '}
              <time dateTime={m.at} title={fullTime(m.at)}>
                {ago(m.at, now.value)}
              </time>
              {m.note && <span class="muted"> · {m.note}</span>}
            </li>
          ))}
        </ol>
      </details>
      {alias.mutable && (
        <form class="row-form" onSubmit={repoint} aria-label={`Repoint ${alias.name}`}>
          <label class="field narrow">
            <span>Point {alias.name} at</span>
            <select value={target} onChange={(e) => setTarget((e.target as HTMLSelectElement).value)}>
              <VersionOptions versions={versions} />
            </select>
          </label>
          <label class="field">
            <span>Note for {alias.name} (optional)</span>
            <input maxLength={500} value={note} onInput={(e) => setNote((e.target as HTMLInputElement).value)} />
          </label>
          <ReasonButton class="btn btn-primary" type="submit" reason={Number(target) === alias.version && 'Choose another build: it points at this one.'}>
            Repoint
          </ReasonButton>
        </form>
      )}
      <p role="status" class="ok">
        {message}
      </p>
      <ErrorAlert text={error} />
    </li>
  );
}
