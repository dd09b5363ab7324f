// Theming from the channel config in the welcome frame: accent colour, side and z-index.
// Applied through CSSOM (element.style.setProperty / classList), which a strict CSP allows, unlike a
// style attribute or an inline <style>.
import type { WidgetChannelConfig } from '../../shared/protocol.js';

/** Only plain colour syntax reaches the stylesheet variable. */
const COLOR = /^(#[0-9a-f]{3,8}|rgba?\([\d\s.,%]+\)|hsla?\([\d\s.,%deg]+\)|[a-z]{3,20})$/i;

export function applyTheme(host: HTMLElement, theme: WidgetChannelConfig['theme'] | undefined) {
  if (!theme) return;
  if (theme.color && COLOR.test(theme.color.trim())) host.style.setProperty('--parley-accent', theme.color.trim());
  host.classList.toggle('left', theme.position === 'left');
  // Through a variable: the host's z-index is !important in the shadow stylesheet (see launcher.css).
  if (Number.isInteger(theme.z_index)) host.style.setProperty('--parley-z', String(theme.z_index));
}
