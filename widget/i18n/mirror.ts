// Mirrored layout for right-to-left languages. Inside the widget the app root carries
// dir="rtl" and flex rows mirror by themselves; outside it, the launcher and its panel sit on the
// inline-end corner of the reading direction: bottom-right for LTR, bottom-left for RTL.
// A side the channel sets explicitly (theme.position) is the site owner's choice and wins.
export function placeLauncher(host: HTMLElement, dir: 'ltr' | 'rtl', position: 'left' | 'right' | undefined): void {
  host.classList.toggle('left', position ? position === 'left' : dir === 'rtl');
}
