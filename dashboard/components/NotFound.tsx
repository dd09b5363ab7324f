export function NotFound() {
  return (
    <section class="page">
      <h1>Page not found</h1>
      <p>
        <a href="/app">Go to the inbox</a>
      </p>
    </section>
  );
}
