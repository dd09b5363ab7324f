// The one schema for a web address that Parley accepts from a client and may later hand to a browser
// as a link or fetch (a snippet's or source's `url`, crawler start and sitemap URLs, a wiki's base
// URL). Only absolute http(s) URLs: `javascript:`, `data:`, `file:` and the like are refused at the
// door instead of being stored and returned unchanged. A pattern rather than a custom format, so
// every validator (Ajv on the routes, TypeBox in tests, any OpenAPI client) applies the same rule
// without registration. Relative links inside imported documents are content, not this field.
import { Type } from 'typebox';

/**
 * `http://` or `https://` (any case), a host part without spaces, userinfo (`@`) or backslashes, then
 * an optional path, query or fragment without whitespace.
 */
export const WEB_URL_PATTERN = '^[Hh][Tt][Tt][Pp][Ss]?://[^\\s/?#@\\\\]+([/?#]\\S*)?$';
export const WEB_URL_MESSAGE = 'must be an absolute http:// or https:// URL';
const webUrlRegExp = new RegExp(WEB_URL_PATTERN);

export const WebUrl = (description = 'An absolute http(s) URL') =>
  Type.String({ maxLength: 2048, pattern: WEB_URL_PATTERN, description });

/**
 * A link a client may leave out: a web URL, or `null` or `""` for none (an empty form field), which
 * the server stores as null. Spelled out because request bodies are validated without type coercion.
 */
export const NoLinkOrWebUrl = (description = 'An absolute http(s) URL; null or "" for none') =>
  Type.Union([WebUrl(description), Type.Literal(''), Type.Null()], { description });

/** The same rule for values that do not pass through a route schema (CLI flags, settings). */
export function isWebUrl(value: string): boolean {
  if (value.length > 2048 || !webUrlRegExp.test(value)) return false;
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}
