import { strings } from '../strings.js';
import { Menu, type MenuItem } from './Menu.js';

export function Header(props: { title: string; onClose?: () => void; menu?: MenuItem[] }) {
  return (
    <header class="hd">
      <h2 class="hd-title" id="parley-title">
        {props.title}
      </h2>
      <Menu items={props.menu ?? []} />
      {props.onClose && (
        <button type="button" class="icon-btn" aria-label={strings.close} onClick={props.onClose}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" stroke-width="2" stroke-linecap="round" />
          </svg>
        </button>
      )}
    </header>
  );
}
