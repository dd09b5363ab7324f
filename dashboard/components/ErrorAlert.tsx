// The error line of a form or panel: announced to screen readers when it appears (role="alert").
export function ErrorAlert({ text }: { text: string }) {
  return text ? (
    <p class="error" role="alert">
      {text}
    </p>
  ) : null;
}
