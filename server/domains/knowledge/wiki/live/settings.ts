// A live wiki's settings as the API takes them (docs/knowledge.md "Live wikis"): the site, what to
// import, the account, and its secret, which is sealed with the master key on the way in and
// answered masked; left out of a change it keeps the stored one, null clears it.
import { invalid } from '../../../../errors.js';
import type { SecretBox } from '../../../../lib/secret-box.js';
import type { LiveWikiSettings } from '../../schemas.js';

export interface LiveWikiInput {
  site_url?: string;
  space_key?: string | null;
  namespace?: number | null;
  username?: string | null;
  secret?: string | null;
}

/** Enough of a secret to recognise it, never enough to use it. */
export const maskSecret = (secret: string): string => (secret.length <= 8 ? '••••' : `${secret.slice(0, 4)}…${secret.slice(-4)}`);

function siteUrl(value: string | undefined, type: 'confluence' | 'mediawiki'): string {
  const path = 'live_wiki.site_url';
  let u: URL;
  try {
    u = new URL(value ?? '');
  } catch {
    throw invalid(`${path} is required`, [{ path, message: type === 'confluence' ? 'give the site, e.g. https://example.atlassian.net' : 'give the api.php address, e.g. https://wiki.example.org/w/api.php' }]);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw invalid(`${path} must use http or https`, [{ path, message: 'must use http or https' }]);
  if (u.username || u.password) throw invalid(`${path} must not carry credentials`, [{ path, message: 'put the account in username and secret' }]);
  u.hash = '';
  u.search = '';
  return type === 'confluence' ? u.origin : u.href;
}

export function validateLiveWiki(type: 'confluence' | 'mediawiki', current: LiveWikiSettings | null, input: LiveWikiInput, box: Pick<SecretBox, 'seal'> | undefined): LiveWikiSettings {
  const pick = <K extends keyof LiveWikiInput>(k: K, fallback: LiveWikiInput[K]) => (input[k] === undefined ? fallback : input[k]);
  const username = (pick('username', current?.username ?? null) as string | null)?.trim() || null;
  let secret = current?.secret ?? null;
  if (input.secret === null || input.secret?.trim() === '') secret = null;
  else if (typeof input.secret === 'string') {
    if (!box) throw new Error('no master key to seal the secret with');
    secret = box.seal(input.secret.trim());
  }
  const settings: LiveWikiSettings = {
    site_url: siteUrl(pick('site_url', current?.site_url) as string | undefined, type),
    space_key: type === 'confluence' ? ((pick('space_key', current?.space_key ?? null) as string | null)?.trim() || null) : null,
    namespace: type === 'mediawiki' ? ((pick('namespace', current?.namespace ?? 0) as number | null) ?? 0) : null,
    username,
    secret,
  };
  const missing: Array<{ path: string; message: string }> = [];
  if (type === 'confluence') {
    if (!settings.space_key) missing.push({ path: 'live_wiki.space_key', message: 'is required: the key of the space to import' });
    if (!settings.username) missing.push({ path: 'live_wiki.username', message: 'is required: the e-mail of the Atlassian account' });
    if (!settings.secret) missing.push({ path: 'live_wiki.secret', message: 'is required: an API token of that account' });
  } else if (!!settings.username !== !!settings.secret) {
    missing.push({ path: settings.username ? 'live_wiki.secret' : 'live_wiki.username', message: 'a bot password needs both its user name and its password' });
  }
  if (missing.length) throw invalid(`${type} settings: ${missing.map((m) => `${m.path} ${m.message}`).join('; ')}`, missing);
  return settings;
}
