// The one app (spec 2.10): the same tree in every mode; only the launcher mode can close the panel.
import { useEffect, useRef } from 'preact/hooks';
import type { ChatModel, ChatState } from '../model.js';
import type { MenuItem } from './Menu.js';
import { useModel } from '../use-model.js';
import { strings } from '../strings.js';
import { Header } from './Header.js';
import { ConnectionBanner } from './ConnectionBanner.js';
import { MessageList } from './MessageList.js';
import { Rating } from './Rating.js';
import { Composer, type ComposerFiles } from './Composer.js';
import type { VoiceButtonProps } from './VoiceButton.js';
import { errorText } from '../../i18n/errors.js';

const ended = (state: ChatState) => state.conversation?.status === 'resolved';

/**
 * Waiting outside business hours: the latest handover note is the away one (docs/operators.md
 * "Business hours"), so "you are talking with our team" would promise someone who is not there.
 */
function awaitingTeamAway(state: ChatState): boolean {
  for (let i = state.messages.length - 1; i >= 0; i--) {
    const m = state.messages[i]!;
    if (m.type !== 'note') continue;
    if (m.labels.includes('outside_hours')) return true;
    if (m.labels.some((l) => l === 'handoff' || l === 'takeover' || l === 'release')) return false;
  }
  return false;
}

/**
 * "Talk to a person" stands in the menu where the channel hands over and the AI holds the
 * conversation (none yet, or not with the team); it sends the visitor's words as a message the
 * server puts in the team's queue (docs/operators.md "Handover").
 */
function menuItems(state: ChatState, model: ChatModel): MenuItem[] {
  if (!state.channel || state.channel.handoff === 'off' || state.conversation?.operator_active || state.unavailable) return [];
  return [{ id: 'talk-to-person', label: strings.talkToPerson, onSelect: () => model.askForPerson(strings.talkToPersonMessage) }];
}

export function App(props: { model: ChatModel; host: HTMLElement; closable: boolean; onClose(): void; voice?: VoiceButtonProps['transcribe']; upload?: ComposerFiles['upload'] }) {
  const { model } = props;
  const state = useModel(model);
  const input = useRef<HTMLTextAreaElement>(null);

  // Opening moves focus to the message box (keyboard use), as Intercom and Chatwoot do.
  useEffect(() => {
    if (state.open && props.closable) input.current?.focus();
  }, [state.open]);

  // Escape closes the launcher panel when focus is in the widget, or nowhere (e.g. the button that had
  // it just disappeared); a page's own Escape handling elsewhere is left alone.
  useEffect(() => {
    if (!state.open || !props.closable) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      const inside = e.composedPath().includes(props.host);
      if (inside || document.activeElement === document.body || !document.activeElement) props.onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [state.open]);

  if (!state.open) return null;
  return (
    // Not aria-modal: the launcher panel leaves the page usable beside it (as Intercom's does).
    <section class="panel" role={props.closable ? 'dialog' : 'region'} aria-modal={props.closable ? 'false' : undefined} aria-labelledby="parley-title">
      <Header title={state.channel?.name || strings.title} onClose={props.closable ? props.onClose : undefined} menu={menuItems(state, model)} />
      {/* conversation.updated with an operator active (a confirmed offer_handoff, spec 2.9, or an
          operator taking over): the visitor sees who answers from now on, not only in a scrolled note.
          A closed conversation says so instead (docs/operators.md "Handover"): the rating follows. */}
      {ended(state) ? (
        <p class="handover ended" role="status">
          {strings.ended}
        </p>
      ) : (
        state.conversation?.operator_active && (
          <p class="handover" role="status">
            {awaitingTeamAway(state) ? strings.awayStatus : strings.withTeam}
          </p>
        )
      )}
      {state.unavailable ? (
        // Refused for good: say so instead of a composer that would wait to send for ever.
        <p class="unavailable" role="alert" data-unavailable={state.notice?.error}>
          {errorText(state.notice?.error ?? 'not_found', strings)}
        </p>
      ) : (
        <>
          <ConnectionBanner state={state} onRetry={() => model.reconnect()} />
          <MessageList state={state} model={model} />
          {/* Mounted only while offered: an offer taken back (the conversation went on) and made again at the next end starts afresh. */}
          {state.rateOffered && <Rating state={state} model={model} />}
          <Composer
            model={model}
            inputRef={input}
            voice={state.channel?.voice_enabled ? props.voice : undefined}
            files={props.upload && state.channel?.attachments?.enabled ? { ...state.channel.attachments, upload: props.upload } : undefined}
          />
        </>
      )}
    </section>
  );
}
