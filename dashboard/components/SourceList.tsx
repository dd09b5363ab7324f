// The sources a provider holds (spec 2.11): each page with its status (a failed one with its reason)
// and, opened on demand, the chunks it was split into, exactly as they are indexed.
import { useState } from 'preact/hooks';
import { api, errorText } from '../models/api.js';
import { knowledgePaths, type Chunk, type Source } from '../models/knowledge-api.js';
import { useErrorLine } from './use-error-line.js';

function Chunks({ projectId, source }: { projectId: string; source: Source }) {
  const [chunks, setChunks] = useState<Chunk[] | null>(null);
  const { error, guard } = useErrorLine();
  async function toggle(e: Event) {
    if (!(e.target as HTMLDetailsElement).open || chunks) return;
    await guard(async () => {
      setChunks((await api<{ data: Chunk[] }>('GET', knowledgePaths.chunks(projectId, source.id))).data);
    });
  }
  if (!source.chunk_count) return null;
  return (
    <details class="chunks" onToggle={toggle}>
      <summary>
        {source.chunk_count === 1 ? '1 chunk' : `${source.chunk_count} chunks`}
        <span class="sr-only"> of {source.title}</span>
      </summary>
      {error && <p class="error">{error}</p>}
      {chunks && (
        <ol>
          {chunks.map((c) => (
            <li key={c.id}>
              {c.headings.length > 0 && <p class="muted">{c.headings.join(' › ')}</p>}
              <p class="chunk-text">{c.text}</p>
            </li>
          ))}
        </ol>
      )}
    </details>
  );
}

export function SourceList({ projectId, list }: { projectId: string; list: Source[] }) {
  if (!list.length) return <p class="muted">No sources yet.</p>;
  return (
    <ul class="source-list" aria-label="Sources">
      {list.map((s) => (
        <li key={s.id} data-source-id={s.id}>
          <div class="source-head">
            <span class="source-title">{s.url && /^https?:/.test(s.url) ? <a href={s.url} target="_blank" rel="noopener noreferrer">{s.title || s.url}</a> : s.title || s.key}</span>
            <span class={`status status-${s.status === 'failed' ? 'escalated' : 'resolved'}`}>{s.status === 'failed' ? 'Failed' : 'Indexed'}</span>
          </div>
          {s.url && s.title && s.title !== s.url && <p class="muted source-url">{s.url}</p>}
          {s.error && <p class="error">{s.error}</p>}
          <Chunks projectId={projectId} source={s} />
        </li>
      ))}
    </ul>
  );
}
