// Who the visitor is: name and contact, which identity fields the site verified (spec 2.4 signed
// identity), locales, last seen, the page and device when the conversation records them, and the
// site's custom attributes.
import type { Conversation } from '../../shared/schemas/entities.js';
import { visitor } from '../models/conversation.js';
import { fullTime } from './format.js';

interface VisitorContext {
  page_url?: string;
  page_title?: string;
  locale?: string;
  user_agent?: string;
  device?: string;
}

const show = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

export function VisitorPanel({ c }: { c: Conversation }) {
  const u = visitor.value;
  const ctx = ((c as Conversation & { context?: VisitorContext }).context ?? {}) as VisitorContext;
  const name = u ? [u.first_name, u.last_name].filter(Boolean).join(' ') : '';
  const rows: [string, string | null | undefined][] = [
    ['Name', name || 'Anonymous visitor'],
    ['E-mail', u?.email ? `${u.email}${u.email_signed ? ' (verified)' : ' (not verified)'}` : null],
    ['Phone', u?.phone ? `${u.phone}${u.phone_signed ? ' (verified)' : ' (not verified)'}` : null],
    ['External id', u?.external_id ? `${u.external_id}${u.external_id_signed ? ' (verified)' : ' (not verified)'}` : null],
    ['Locale', ctx.locale ?? (u?.locales.length ? u.locales.join(', ') : null)],
    ['Page', ctx.page_url ? `${ctx.page_title ? `${ctx.page_title} — ` : ''}${ctx.page_url}` : null],
    ['Device', ctx.device ?? ctx.user_agent ?? null],
    ['Time zone', u?.timezone],
    ['Last seen', u?.last_seen_at ? fullTime(u.last_seen_at) : null],
    ['Channel', c.channel_type],
  ];
  const attributes = Object.entries(u?.external_attributes ?? {});
  return (
    <section class="panel visitor" aria-labelledby="visitor-title">
      <h2 id="visitor-title">Visitor</h2>
      <dl>
        {rows
          .filter(([, v]) => v)
          .map(([k, v]) => (
            <div key={k}>
              <dt>{k}</dt>
              <dd>{v}</dd>
            </div>
          ))}
        {attributes.map(([k, v]) => (
          <div key={`attr-${k}`}>
            <dt>{k}</dt>
            <dd>{show(v)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
