// Sources under an answer (spec 2.6): title and link, numbered as the answer's [n] markers cite
// them ([n] is sources[n-1]). Links pass the same scheme allow-list as markdown.
import { h } from 'preact';
import type { SourceRef } from '../../../shared/schemas/entities.js';
import { link, safeUrl, type Cite } from '../markdown.js';
import { strings } from '../strings.js';
import { sourceLabel } from '../../../shared/source-label.js';


export function Sources(props: { sources: SourceRef[] }) {
  if (!props.sources.length) return null;
  return (
    <div class="sources">
      <span class="sources-label">{strings.sources}</span>
      <ol>
        {props.sources.map((s) => (
          <li key={s.source_id}>{link(s.url, sourceLabel(s))}</li>
        ))}
      </ol>
    </div>
  );
}

/** The answer's [n] markers as links to the page of source n (plain text when it has no link). */
export function citeSources(sources: SourceRef[]): Cite {
  return (n) => {
    const s = sources[n - 1];
    if (!s) return null;
    const name = sourceLabel(s);
    const text = strings.citation(n, name);
    const href = safeUrl(s.url);
    return href
      ? h('a', { class: 'cite', href, target: '_blank', rel: 'noopener noreferrer', title: name, 'aria-label': text }, String(n))
      : h('span', { class: 'cite', title: name }, String(n));
  };
}
