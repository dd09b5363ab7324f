// The organization settings that shape what a project's visitors meet (docs/api.md "Organization
// settings"): the default language (the last fallback before English), the time zone and the
// business hours. Defaults when the organization never set them: English, UTC, always open.
import type { AppContext } from '../../context.js';
import { DEFAULT_ORG_SETTINGS, type OrgSettings } from '../../../shared/schemas/org-settings.js';
import { isTimeZone } from '../audiences/local-time.js';

export async function orgSettingsOf(ctx: Pick<AppContext, 'services'>, projectId: string): Promise<OrgSettings> {
  const project = await ctx.services.projects.getProject(projectId);
  const org = project ? await ctx.services.org.getOrganization(project.organization_id) : undefined;
  return { ...DEFAULT_ORG_SETTINGS, ...org?.settings };
}

/** The organization's default language for a project's visitor texts. */
export const orgLanguageOf = async (ctx: Pick<AppContext, 'services'>, projectId: string) => (await orgSettingsOf(ctx, projectId)).default_language;

/**
 * The organization's time zone for a project: metrics' days, the date-times of spreadsheet exports.
 * UTC when unset, and when the stored name is one this server's Intl does not know (the settings
 * route refuses such names, but a stored one may predate a runtime with older zone data).
 */
export async function orgTimeZoneOf(ctx: Pick<AppContext, 'services'>, projectId: string): Promise<string> {
  return knownZoneOr((await orgSettingsOf(ctx, projectId)).timezone);
}

/** `timeZone` when Intl knows it, else UTC. */
export const knownZoneOr = (timeZone: string | undefined) => (isTimeZone(timeZone) ? timeZone : 'UTC');
