// The ticket fields a Zendesk channel predicts (spec 8.1 "predict ticket custom fields"), by keyword
// rules the channel is configured with: `billing: invoice, refund; technical: error, crash` maps a
// requester's words to a category (a custom field's value) and `urgent: outage, down` to the
// ticket's priority. Rules are read in order and the first whose keyword occurs wins; a keyword
// matches whole words, case-insensitively. Rules the team can read and change beat a model here:
// a wrong category is fixed by editing one line, and the prediction costs nothing per message.

/** `value: kw, kw; value2: kw` (or one rule a line) → ordered [value, keywords]. */
export function parseRules(text: string | undefined): [string, string[]][] {
  if (!text) return [];
  return text
    .split(/[;\n]/)
    .map((rule) => rule.split(':'))
    .filter((parts) => parts.length === 2 && parts[0].trim())
    .map(([value, words]) => [value.trim(), words.split(',').map((w) => w.trim().toLowerCase()).filter(Boolean)]);
}

const words = (text: string) => ` ${text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ')} `;

export function firstMatch(rules: [string, string[]][], text: string): string | null {
  const haystack = words(text);
  for (const [value, keywords] of rules) if (keywords.some((k) => haystack.includes(` ${words(k).trim()} `))) return value;
  return null;
}

export const ZENDESK_PRIORITIES = ['low', 'normal', 'high', 'urgent'];

/** Field key → value: `priority` for the ticket's priority, `custom:{field id}` for the category field. */
export function predictZendeskFields(settings: Record<string, string>, text: string): Record<string, string> {
  const out: Record<string, string> = {};
  const category = firstMatch(parseRules(settings.category_keywords), text);
  if (category && settings.category_field_id) out[`custom:${settings.category_field_id}`] = category;
  const priority = firstMatch(parseRules(settings.priority_keywords), text);
  if (priority && ZENDESK_PRIORITIES.includes(priority)) out.priority = priority;
  return out;
}
