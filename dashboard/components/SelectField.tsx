// A labelled <select>. The label is tied by `for`/`id` rather than by wrapping: a wrapping label's
// name would include the chosen option's text ("Field email"), so a screen reader heard the value
// twice and the control could not be found by its label alone.
import type { ComponentChildren } from 'preact';
import { useId } from 'preact/hooks';

interface Props {
  label: string;
  value: string;
  onChange(value: string): void;
  class?: string;
  required?: boolean;
  children: ComponentChildren;
}

export function SelectField({ label, value, onChange, class: cls, required, children }: Props) {
  const id = useId();
  return (
    <div class={`field${cls ? ` ${cls}` : ''}`}>
      <label for={id}>{label}</label>
      <select id={id} required={required} value={value} onChange={(e) => onChange((e.target as HTMLSelectElement).value)}>
        {children}
      </select>
    </div>
  );
}
