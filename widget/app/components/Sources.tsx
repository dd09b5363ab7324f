// Sources under an answer (spec 2.6): title and link. Links pass the same scheme allow-list as markdown.
import type { SourceRef } from '../../../shared/schemas/entities.js';
import { link } from '../markdown.js';
import { strings } from '../strings.js';

export function Sources(props: { sources: SourceRef[] }) {
  if (!props.sources.length) return null;
  return (
    <div class="sources">
      <span class="sources-label">{strings.sources}</span>
      <ul>
        {props.sources.map((s) => (
          <li key={s.source_id}>{link(s.url, s.title || s.url || s.source_id)}</li>
        ))}
      </ul>
    </div>
  );
}
