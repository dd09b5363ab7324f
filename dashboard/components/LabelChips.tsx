// A conversation's labels by name, each with its colour as an SVG dot (no inline style under the CSP).
import { labelById } from '../models/labels.js';

export function LabelChips({ ids }: { ids: string[] }) {
  if (!ids.length) return null;
  return (
    <ul class="chips" aria-label="Labels">
      {ids.map((id) => {
        const label = labelById(id);
        return (
          <li key={id} class="chip">
            <svg aria-hidden="true" width="8" height="8" viewBox="0 0 8 8">
              <circle cx="4" cy="4" r="4" fill={label?.color ?? '#6b7280'} />
            </svg>
            {label?.name ?? 'Unknown label'}
          </li>
        );
      })}
    </ul>
  );
}
