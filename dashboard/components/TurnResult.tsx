// One simulated exchange (docs/behaviour.md "Simulations"): what the visitor wrote, the reply with its
// sources and handoff offer (or why there was none), what shaped it (rules and audiences matched,
// Everyone, allowed tools, tools called, the build) and the expectations it missed, in red.
import type { TurnResult as Turn } from '../models/simulations.js';
import { targetLabel, type Lookups } from '../models/simulations.js';

/** Why a turn has no reply, in words; the server's reason as is when it is a new one. */
const SKIPPED: Record<string, string> = { blocked: 'a trigger blocked the message' };

/** Only web links become anchors: a source URL is data from the knowledge, not a place to run script. */
const isWebUrl = (url: string | null): url is string => !!url && /^https?:\/\//i.test(url);

function Names({ ids, names, gone }: { ids: string[]; names: Map<string, string>; gone: string }) {
  if (!ids.length) return <span class="muted">none</span>;
  return (
    <ul class="chips">
      {ids.map((id) => (
        <li class="chip" key={id}>
          {names.get(id) ?? (
            <span>
              <code>{id}</code> ({gone})
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}

function Tools({ names }: { names: string[] }) {
  if (!names.length) return <span class="muted">none</span>;
  return (
    <ul class="chips">
      {names.map((t, i) => (
        <li class="chip" key={`${t}-${i}`}>
          <code>{t}</code>
        </li>
      ))}
    </ul>
  );
}

export function TurnResult({ turn, lookups, index }: { turn: Turn; lookups: Lookups; index: number }) {
  const { reply, guidance } = turn;
  return (
    <li class={`sim-turn${turn.failures.length ? ' sim-turn-failed' : ''}`} data-turn={index}>
      <p class="sim-visitor">
        <span class="sim-who">Visitor</span> <span class="sim-text">{turn.user}</span>
      </p>
      {reply ? (
        <div class="sim-reply">
          <p>
            <span class="sim-who">Reply</span> {reply.offer_handoff && <span class="status status-escalated">Offers handoff</span>}
          </p>
          <p class="sim-text">{reply.content || <span class="muted">(empty)</span>}</p>
          {reply.sources.length > 0 && (
            <div class="sim-sources">
              <span class="muted">Sources: </span>
              <ul class="chips" aria-label={`Sources of reply ${index + 1}`}>
                {reply.sources.map((s, i) => (
                  <li class="chip" key={`${s.source_id}-${i}`}>
                    {isWebUrl(s.url) ? (
                      <a href={s.url} target="_blank" rel="noopener noreferrer">
                        {s.title}
                      </a>
                    ) : (
                      s.title
                    )}
                  </li>
                ))}
              </ul>
            </div>
          )}
        </div>
      ) : (
        <p class="sim-reply muted">No reply: {SKIPPED[turn.skipped ?? ''] ?? turn.skipped ?? 'none was made'}.</p>
      )}
      <dl class="sim-trace" aria-label={`Trace of reply ${index + 1}`}>
        <div>
          <dt>Rules matched</dt>
          <dd>{guidance ? <Names ids={guidance.rule_ids} names={lookups.rules} gone="no longer in the draft" /> : <span class="muted">none</span>}</dd>
        </div>
        <div>
          <dt>Audiences matched</dt>
          <dd>{guidance ? <Names ids={guidance.audience_ids} names={lookups.audiences} gone="deleted" /> : <span class="muted">none</span>}</dd>
        </div>
        <div>
          <dt>Everyone</dt>
          <dd>{guidance?.everyone ? 'yes: no audience matched, the Everyone rules applied' : 'no'}</dd>
        </div>
        <div>
          <dt>Allowed tools</dt>
          <dd>
            <Tools names={guidance?.allowed_tools ?? []} />
          </dd>
        </div>
        <div>
          <dt>Tools called</dt>
          <dd>
            <Tools names={turn.tools_called} />
          </dd>
        </div>
        <div>
          <dt>Build</dt>
          <dd>{targetLabel(guidance?.deployment ?? null)}</dd>
        </div>
      </dl>
      {turn.failures.length > 0 && (
        <ul class="sim-failures error" aria-label={`Missed expectations of turn ${index + 1}`}>
          {turn.failures.map((f) => (
            <li key={f}>Missed: {f}</li>
          ))}
        </ul>
      )}
    </li>
  );
}
