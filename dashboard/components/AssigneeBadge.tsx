// Who has a conversation, as initials in a circle (the member's name in its label); nothing when unassigned.
import { memberName } from '../models/projects.js';

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join('');

export function AssigneeBadge({ id }: { id: string | null | undefined }) {
  if (!id) return null;
  const name = memberName(id) ?? 'A teammate';
  return (
    <span class="assignee" role="img" aria-label={`Assigned to ${name}`} title={name} data-testid="assignee">
      {initials(name) || '?'}
    </span>
  );
}
