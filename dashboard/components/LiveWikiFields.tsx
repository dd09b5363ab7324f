// The connection fields of a live wiki on the "Add a data provider" form (docs/knowledge.md "Live
// wikis"): Confluence needs its site, the space key, the account's e-mail and an API token; a
// MediaWiki its api.php address and, unless it is open to anonymous readers, a bot password. The
// secret is write-only: the API answers it masked from then on.
export interface LiveWikiValues {
  site_url: string;
  space_key: string;
  username: string;
  secret: string;
}

export const EMPTY_LIVE_WIKI: LiveWikiValues = { site_url: '', space_key: '', username: '', secret: '' };

/** The `live_wiki` body of the create request: blank optional fields left out. */
export function liveWikiBody(type: 'confluence' | 'mediawiki', v: LiveWikiValues): Record<string, string> {
  const body: Record<string, string> = { site_url: v.site_url.trim() };
  if (type === 'confluence') body.space_key = v.space_key.trim();
  if (v.username.trim()) body.username = v.username.trim();
  if (v.secret.trim()) body.secret = v.secret.trim();
  return body;
}

export function LiveWikiFields({ type, values, onChange }: { type: 'confluence' | 'mediawiki'; values: LiveWikiValues; onChange(v: LiveWikiValues): void }) {
  const field = (key: keyof LiveWikiValues, label: string, o: { type?: string; required?: boolean; placeholder?: string; autoComplete?: string } = {}) => (
    <label class="field" key={key}>
      <span>{label}</span>
      <input
        type={o.type ?? 'text'}
        required={o.required}
        placeholder={o.placeholder}
        autoComplete={o.autoComplete ?? 'off'}
        maxLength={2000}
        value={values[key]}
        onInput={(e) => onChange({ ...values, [key]: (e.target as HTMLInputElement).value })}
      />
    </label>
  );
  if (type === 'confluence') {
    return (
      <>
        {field('site_url', 'Confluence site', { type: 'url', required: true, placeholder: 'https://example.atlassian.net' })}
        {field('space_key', 'Space key', { required: true, placeholder: 'DOCS' })}
        {field('username', 'Account e-mail', { type: 'email', required: true })}
        {field('secret', 'API token', { type: 'password', required: true, autoComplete: 'new-password' })}
      </>
    );
  }
  return (
    <>
      {field('site_url', 'API address (api.php)', { type: 'url', required: true, placeholder: 'https://wiki.example.org/w/api.php' })}
      {field('username', 'Bot user name (optional)', { placeholder: 'Parley@sync' })}
      {field('secret', 'Bot password (optional)', { type: 'password', autoComplete: 'new-password' })}
    </>
  );
}
