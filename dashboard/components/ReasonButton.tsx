// A button that says why it cannot be used (disabled buttons gave no reason). With a
// `reason` it is disabled and the reason shows beside it, as the button's description for screen
// readers too; `busy` disables it while its own request runs (its label says so), with no reason.
import type { ComponentChildren, JSX } from 'preact';
import { useId } from 'preact/hooks';

type Props = Omit<JSX.ButtonHTMLAttributes<HTMLButtonElement>, 'disabled'> & {
  reason: string | null | false;
  busy?: boolean;
  children: ComponentChildren;
};

export function ReasonButton({ reason, busy = false, children, ...rest }: Props) {
  const id = useId();
  return (
    <>
      <button {...rest} disabled={Boolean(reason) || busy} aria-describedby={reason ? id : undefined}>
        {children}
      </button>
      {reason && (
        <span id={id} class="muted disabled-reason">
          {reason}
        </span>
      )}
    </>
  );
}
