// The `<option>`s of an audience select: Everyone (no audience) first, then the project's audiences.
import type { Audience } from '../../shared/schemas/behaviour.js';

export function AudienceOptions({ audiences }: { audiences: readonly Pick<Audience, 'id' | 'name'>[] }) {
  return (
    <>
      <option value="">Everyone</option>
      {audiences.map((a) => (
        <option key={a.id} value={a.id}>
          {a.name}
        </option>
      ))}
    </>
  );
}
