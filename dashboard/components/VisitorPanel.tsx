// Who the visitor is: name and contact, which identity fields the site verified (spec 2.4 signed
// identity), where they are and on what (the page as a link, the device, their languages: the
// conversation's `visitor`, live from the team feed), last seen, and the site's custom attributes.
import type { ComponentChildren } from 'preact';
import type { Conversation } from '../../shared/schemas/entities.js';
import type { VisitorPage } from '../../shared/schemas/visitor.js';
import { visitor, visitorContext } from '../models/conversation.js';
import { channelText, fullTime } from './format.js';
import { UserLabels } from './UserLabels.js';

const show = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

/** The page reported by the widget: a link only for http(s), since the URL comes from the visitor's browser. */
function PageLink({ page }: { page: VisitorPage }) {
  const label = page.title || page.url;
  if (!/^https?:\/\//i.test(page.url)) return <>{label}</>;
  return (
    <a href={page.url} target="_blank" rel="noopener noreferrer" title={page.url} data-testid="visitor-page">
      {label}
    </a>
  );
}

export function VisitorPanel({ c, run }: { c: Conversation; run: (action: () => Promise<unknown>, done?: string) => void }) {
  const u = visitor.value;
  const where = visitorContext.value;
  const name = u ? [u.first_name, u.last_name].filter(Boolean).join(' ') : '';
  const locales = where?.locales.length ? where.locales : (u?.locales ?? []);
  const rows: [string, ComponentChildren][] = [
    ['Name', name || 'Anonymous visitor'],
    ['E-mail', u?.email ? `${u.email}${u.email_signed ? ' (verified)' : ' (not verified)'}` : null],
    ['Phone', u?.phone ? `${u.phone}${u.phone_signed ? ' (verified)' : ' (not verified)'}` : null],
    ['External id', u?.external_id ? `${u.external_id}${u.external_id_signed ? ' (verified)' : ' (not verified)'}` : null],
    ['Page', where?.page ? <PageLink page={where.page} /> : null],
    ['Device', where?.device ? <span title={where.device.user_agent}>{where.device.description}</span> : null],
    ['Locale', locales.length ? locales.join(', ') : null],
    ['Time zone', u?.timezone],
    ['Last seen', u?.last_seen_at ? fullTime(u.last_seen_at) : null],
    ['Channel', channelText(c.channel_type)],
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
      {u && <UserLabels labels={u.labels} run={run} />}
    </section>
  );
}
