// Limits the widget and the server both enforce, defined once. Lengths are characters as JSON Schema's
// maxLength counts them (the frame and REST schemas): Unicode code points, so an emoji is one
// character although a JavaScript string spends two UTF-16 units on it. No imports: the widget bundle
// takes this file as is.

/** Longest visitor, user or assistant message, in characters. */
export const MESSAGE_MAX_LENGTH = 10_000;

/** Length in code points, the unit of JSON Schema maxLength. */
export function charLength(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++, n++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
  }
  return n;
}

/** The first `max` characters of `text`, never cutting an emoji or other astral character in half. */
export function capLength(text: string, max: number): string {
  if (text.length <= max) return text;
  let i = 0;
  for (let n = 0; n < max && i < text.length; n++) {
    const c = text.charCodeAt(i);
    const d = text.charCodeAt(i + 1);
    i += c >= 0xd800 && c <= 0xdbff && d >= 0xdc00 && d <= 0xdfff ? 2 : 1;
  }
  return text.slice(0, i);
}
