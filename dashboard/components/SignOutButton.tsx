import { useLocation } from 'preact-iso';
import { signOut } from '../models/session.js';

export function SignOutButton() {
  const { route } = useLocation();
  return (
    <button
      type="button"
      class="btn btn-quiet"
      onClick={() => {
        void signOut().finally(() => route('/app/login', true));
      }}
    >
      Sign out
    </button>
  );
}
