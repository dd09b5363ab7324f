// Who from the team wrote an operator reply (docs/operators.md): their name, and their avatar when
// the team member has one. The name is data from the server, not a catalogue string.
import type { MessageAuthor } from '../../../shared/schemas/entities.js';

export function OperatorName(props: { author: MessageAuthor }) {
  const { name, avatar_url } = props.author;
  return (
    <span class="author">
      {/* Decorative: the name next to it says who it is. https/data URLs only (the CSP's img-src). */}
      {avatar_url && /^(https:|data:image\/)/.test(avatar_url) && <img class="avatar" src={avatar_url} alt="" width={20} height={20} />}
      <span class="author-name">{name}</span>
    </span>
  );
}
