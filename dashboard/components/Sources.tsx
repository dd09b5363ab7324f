// The knowledge sources an AI answer cites (title, the section of a longer page, link, excerpt).
import type { SourceRef } from '../../shared/schemas/entities.js';
import { sourceLabel } from '../../shared/source-label.js';

export function Sources({ sources }: { sources: SourceRef[] }) {
  if (!sources.length) return null;
  return (
    <details class="sources">
      <summary>{sources.length === 1 ? '1 source' : `${sources.length} sources`}</summary>
      <ol>
        {sources.map((s) => (
          <li key={s.source_id + s.title}>
            {s.url && /^https?:/.test(s.url) ? (
              <a href={s.url} target="_blank" rel="noopener noreferrer">
                {sourceLabel(s)}
              </a>
            ) : (
              <span>{sourceLabel(s)}</span>
            )}
            {s.snippet && <p class="muted">{s.snippet}</p>}
          </li>
        ))}
      </ol>
    </details>
  );
}
