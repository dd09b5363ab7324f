// A channel's look and behaviour: name, welcome message (default and per language), colour and
// side, session lifetime, voice and verified identity. Edits show in the preview at once and are
// saved together with "Save changes" (PATCH; widgets pick them up when they next connect). "Answers
// from" picks the alias whose build the channel answers from, or the draft (spec 2.10).
import { useState } from 'preact/hooks';
import type { PatchChannelBody } from '../models/channels.js';
import { aliasLabel, type AliasOut } from '../models/deployments.js';
import { DEFAULT_ACCENT } from '../../shared/channel-defaults.js';
import { ReasonButton } from './ReasonButton.js';

interface Props {
  draft: PatchChannelBody;
  onChange(draft: PatchChannelBody): void;
  onLanguage(language: string): void;
  hasSecret: boolean;
  aliases: AliasOut[];
}

const value = (e: Event) => (e.target as HTMLInputElement).value;

export function ChannelSettingsForm({ draft, onChange, onLanguage, hasSecret, aliases }: Props) {
  const [newLang, setNewLang] = useState('');
  const set = (patch: PatchChannelBody) => onChange({ ...draft, ...patch });
  const texts = draft.texts ?? {};
  const setText = (lang: string, field: 'name' | 'greeting', v: string) => {
    const entry = { ...texts[lang] };
    if (v) entry[field] = v;
    else delete entry[field];
    set({ texts: { ...texts, [lang]: entry } });
  };
  return (
    <div class="form-cols">
      <label class="field">
        <span>Name in the widget header</span>
        <input required maxLength={120} value={draft.name ?? ''} onInput={(e) => set({ name: value(e) })} />
      </label>
      <label class="field wide">
        <span>Welcome message</span>
        <textarea rows={2} maxLength={2000} placeholder="None: the widget opens without one" value={draft.greeting ?? ''} onInput={(e) => set({ greeting: value(e) || null })} />
      </label>
      <label class="field">
        <span>Answers from</span>
        <select value={draft.alias ?? ''} onChange={(e) => set({ alias: value(e) || null })}>
          <option value="">Draft (every edit at once)</option>
          {draft.alias && !aliases.some((a) => a.name === draft.alias) && <option value={draft.alias}>{draft.alias}</option>}
          {aliases.map((a) => (
            <option key={a.name} value={a.name}>
              {aliasLabel(a)}
            </option>
          ))}
        </select>
      </label>
      <label class="field">
        <span>Accent colour</span>
        <input type="color" value={draft.theme?.color ?? DEFAULT_ACCENT} onInput={(e) => set({ theme: { ...draft.theme, color: value(e) } })} />
      </label>
      <label class="field">
        <span>Position</span>
        <select value={draft.theme?.position ?? 'right'} onChange={(e) => set({ theme: { ...draft.theme, position: value(e) as 'left' | 'right' } })}>
          <option value="right">Bottom right</option>
          <option value="left">Bottom left</option>
        </select>
      </label>
      <label class="field">
        <span>Default language (empty: the visitor's)</span>
        <input value={draft.locale ?? ''} placeholder="en" maxLength={35} onInput={(e) => set({ locale: value(e) || null })} />
      </label>
      <label class="field">
        <span>Session lifetime in days (default 7)</span>
        <input type="number" min={1} max={365} value={draft.session_ttl_days ?? ''} onInput={(e) => set({ session_ttl_days: value(e) ? Number(value(e)) : null })} />
      </label>
      <label class="field">
        <span>When a visitor asks for a person</span>
        <select value={draft.handoff ?? 'offer'} onChange={(e) => set({ handoff: value(e) as 'offer' | 'immediate' | 'off' })}>
          <option value="offer">Offer the handoff at once (the visitor confirms)</option>
          <option value="immediate">Hand over at once</option>
          <option value="off">Never hand over (no “Talk to a person”)</option>
        </select>
      </label>
      <label class="check wide">
        <input type="checkbox" checked={draft.voice_enabled ?? true} onChange={(e) => set({ voice_enabled: (e.target as HTMLInputElement).checked })} /> Voice input
      </label>
      {/* Visitors' files (docs/attachments.md "Limits"): on or off, and the largest size. */}
      <label class="check wide">
        <input
          type="checkbox"
          checked={draft.attachments?.enabled ?? true}
          onChange={(e) => set({ attachments: { ...draft.attachments, enabled: (e.target as HTMLInputElement).checked } })}
        />{' '}
        Visitors can send files (screenshots, PDFs)
      </label>
      <label class="field">
        <span>Largest file from a visitor (MB)</span>
        <input
          type="number"
          min={1}
          max={25}
          value={Math.round((draft.attachments?.max_bytes ?? 10 * 1048576) / 1048576)}
          onInput={(e) => value(e) && set({ attachments: { ...draft.attachments, max_bytes: Math.min(25, Math.max(1, Number(value(e)))) * 1048576 } })}
        />
      </label>
      <label class="check wide">
        <input
          type="checkbox"
          checked={draft.require_verified_identity ?? false}
          disabled={!hasSecret && !draft.require_verified_identity}
          onChange={(e) => set({ require_verified_identity: (e.target as HTMLInputElement).checked })}
        />{' '}
        Require verified identity {!hasSecret && <span class="muted">(create an identity secret first)</span>}
      </label>
      <fieldset class="wide languages">
        <legend>Name and welcome message per language</legend>
        {Object.keys(texts).map((lang) => (
          <div class="lang-row" key={lang}>
            <label class="field">
              <span>Name ({lang})</span>
              <input value={texts[lang]?.name ?? ''} onFocus={() => onLanguage(lang)} onInput={(e) => setText(lang, 'name', value(e))} />
            </label>
            <label class="field">
              <span>Welcome message ({lang})</span>
              <input value={texts[lang]?.greeting ?? ''} onFocus={() => onLanguage(lang)} onInput={(e) => setText(lang, 'greeting', value(e))} />
            </label>
            <button
              type="button"
              class="btn btn-quiet"
              aria-label={`Remove language ${lang}`}
              onClick={() => {
                const { [lang]: _gone, ...rest } = texts;
                set({ texts: rest });
                onLanguage('');
              }}
            >
              Remove
            </button>
          </div>
        ))}
        <div class="lang-row">
          <label class="field">
            <span>Add a language (tag such as de or pt-BR)</span>
            <input value={newLang} maxLength={35} onInput={(e) => setNewLang(value(e))} />
          </label>
          <ReasonButton
            type="button"
            class="btn"
            reason={!newLang.trim() ? 'Type a language tag first.' : !/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(newLang.trim()) && 'Not a language tag: write it like de or pt-BR.'}
            onClick={() => {
              set({ texts: { ...texts, [newLang.trim()]: texts[newLang.trim()] ?? {} } });
              onLanguage(newLang.trim());
              setNewLang('');
            }}
          >
            Add language
          </ReasonButton>
        </div>
      </fieldset>
    </div>
  );
}
