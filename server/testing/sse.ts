// Parses a whole text/event-stream body into its events (docs/architecture.md section 2), for tests of generate.
export interface SseEvent {
  id: string;
  event: string;
  data: any;
}

export function parseSseEvents(text: string): SseEvent[] {
  return text
    .split('\n\n')
    .map((block) => {
      const f: Record<string, string> = {};
      for (const line of block.split('\n')) {
        const i = line.indexOf(': ');
        if (i > 0 && !line.startsWith(':')) f[line.slice(0, i)] = line.slice(i + 2);
      }
      return f;
    })
    .filter((f) => f.event)
    .map((f) => ({ id: f.id!, event: f.event!, data: JSON.parse(f.data!) }));
}
