// One labelled control with the server's message for it underneath: a 400 that names a field shows
// there (models/field-error.ts), linked to the control for screen readers by `fieldErrorProps`.
import type { ComponentChildren } from 'preact';

export function FormField({ id, label, error, children }: { id: string; label: string; error: string; children: ComponentChildren }) {
  return (
    <div class="field">
      <label for={id}>{label}</label>
      {children}
      {error && (
        <p id={`${id}-error`} class="error field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** aria-invalid and aria-describedby for the control `id` of a FormField while it shows an error. */
export const fieldErrorProps = (id: string, error: string) => (error ? { 'aria-invalid': 'true' as const, 'aria-describedby': `${id}-error` } : {});
