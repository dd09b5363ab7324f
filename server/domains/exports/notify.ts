// Telling the requester that a full export is ready (spec 4.1: "download link sent by email"):
// an 'export_ready' mail through the outbox (mail/types.ts) when SMTP is configured and the
// requester has an address (a team member; an API key has none). The webhook event export.ready
// goes with the write that marks the job ready (full-export.ts). The console shows the link either way.
import type { FullExport } from '../../../shared/schemas/exports.js';
import type { AppContext } from '../../context.js';
import type { StoredFullExport } from './full-export.js';

/** Resolves with whether the link was e-mailed. Failures here never fail the export. */
export async function announceReady(ctx: Pick<AppContext, 'services'>, job: StoredFullExport, view: FullExport): Promise<boolean> {
  const mail = ctx.services.mail;
  if (!mail.configured || !job.requester_email || !view.download_url) return false;
  const project = await ctx.services.projects.getProject(job.project_id);
  const name = project?.name ?? 'your project';
  const expires = view.expires_at ? new Date(view.expires_at).toUTCString() : '';
  const text =
    `The full data export of "${name}" is ready.\n\n` +
    `Download it (JSONL, one line per user with their conversations and messages):\n${view.download_url}\n\n` +
    `The link works until ${expires} and needs no sign-in: anyone who has it can download the file, which holds personal data. Do not forward it.\n`;
  try {
    const queued = await mail.enqueue({ kind: 'export_ready', organization_id: job.organization_id, project_id: job.project_id, to: job.requester_email, subject: `Your data export of ${name} is ready`, text });
    return queued !== null;
  } catch (error) {
    console.error('export_ready mail not queued', job.id, error);
    return false;
  }
}
