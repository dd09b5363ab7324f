// The header's menu: a disclosure button and a short list of actions. Today it
// holds "Talk to a person" where the channel hands over; a menu without items is not shown.
import { useState } from 'preact/hooks';
import { strings } from '../strings.js';

export interface MenuItem {
  id: string;
  label: string;
  onSelect(): void;
}

export function Menu(props: { items: MenuItem[] }) {
  const [open, setOpen] = useState(false);
  if (props.items.length === 0) return null;
  return (
    <div class="menu">
      <button type="button" class="icon-btn" aria-label={strings.menu} aria-expanded={open} aria-controls={open ? 'parley-menu' : undefined} onClick={() => setOpen(!open)}>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <circle cx="5" cy="12" r="2" fill="currentColor" />
          <circle cx="12" cy="12" r="2" fill="currentColor" />
          <circle cx="19" cy="12" r="2" fill="currentColor" />
        </svg>
      </button>
      {open && (
        <ul class="menu-list" id="parley-menu">
          {props.items.map((item) => (
            <li key={item.id}>
              <button
                type="button"
                class={`menu-item menu-${item.id}`}
                onClick={() => {
                  setOpen(false);
                  item.onSelect();
                }}
              >
                {item.label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
