// current_time (toolbox "time", spec 2.9): now, in the user's timezone when it is known (and one Intl
// knows), else the profile's, the same order time conditions use (spec 2.8; docs/behaviour.md).
// Models have no clock; opening hours and "is it too late to call" need one.
import type { AgentTool } from '../provider.js';
import type { ConversationRecord } from '../../../../shared/schemas/entities.js';
import type { UserService } from '../../users/service.js';
import { isTimeZone } from '../../audiences/local-time.js';

/** "+09:00" for an instant in a timezone (Intl's "GMT+09:00"; "GMT" alone is UTC). */
function offsetOf(ms: number, timeZone: string): string {
  const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' }).formatToParts(ms).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  return name === 'GMT' ? '+00:00' : name.slice(3);
}

/** ISO 8601 local time with its offset, e.g. 2026-11-24T18:05:00+09:00. */
export function localIso(ms: number, timeZone: string): string {
  const parts: Record<string, string> = {};
  const f = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' });
  for (const p of f.formatToParts(ms)) parts[p.type] = p.value;
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}${offsetOf(ms, timeZone)}`;
}

/** The user's own timezone, when the widget or the users API gave a valid one (a simulation: its visitor's). */
export const userTimezone = (users: UserService, conversation: ConversationRecord) => async (): Promise<string | null> => {
  const tz = conversation.simulation ? conversation.simulation.context.user?.timezone : (await users.get(conversation.project_id, conversation.user_id))?.timezone;
  return isTimeZone(tz) ? tz : null;
};

/** Now, or the moment a simulation's context sets (docs/behaviour.md "Simulations"), as time conditions read it. */
export function clockOf(conversation: ConversationRecord): () => number {
  const pinned = conversation.simulation?.context.time;
  return pinned ? () => Date.parse(pinned) : Date.now;
}

export function currentTimeTool(user: () => Promise<string | null>, profileTimezone: string, clock: () => number = Date.now): AgentTool {
  return {
    name: 'current_time',
    description: "Get the current date, weekday and time in the user's timezone (or the business's when the user's is unknown).",
    parameters: { type: 'object', properties: {}, additionalProperties: false },
    async run() {
      const own = await user();
      const timeZone = own ?? (isTimeZone(profileTimezone) ? profileTimezone : 'UTC');
      const ms = clock();
      const spoken = new Intl.DateTimeFormat('en-GB', { timeZone, dateStyle: 'full', timeStyle: 'short' }).format(ms);
      const whose = own ? "the user's timezone" : "the business's timezone; the user's own is unknown";
      return { content: `Now: ${spoken} in ${timeZone} (${whose}). ISO 8601: ${localIso(ms, timeZone)}.` };
    },
  };
}
