// A real SMTP server on 127.0.0.1 for tests (smtp-server), with what arrived parsed by mailparser.
// `refuse` lets a test answer a message with an SMTP error (451 try later, 550 no such mailbox).
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';

export interface TestSmtp {
  url: string;
  received: ParsedMail[];
  /** Resolves with the first message to `to` (and matching `subject`), waiting up to `ms`. */
  waitFor(to: string, opts?: { subject?: RegExp; ms?: number; after?: number }): Promise<ParsedMail>;
  /** Called for every message before it is accepted: a code and text refuse it. */
  refuse: ((to: string, attempt: number) => { code: number; message: string } | null) | null;
  attempts: number;
  close(): Promise<void>;
}

export async function startTestSmtp(): Promise<TestSmtp> {
  const box: TestSmtp = {
    url: '',
    received: [],
    refuse: null,
    attempts: 0,
    async waitFor(to, opts = {}) {
      const deadline = Date.now() + (opts.ms ?? 10_000);
      for (;;) {
        const hit = box.received
          .slice(opts.after ?? 0)
          .find((m) => addresses(m).includes(to.toLowerCase()) && (!opts.subject || opts.subject.test(m.subject ?? '')));
        if (hit) return hit;
        if (Date.now() > deadline) throw new Error(`no e-mail to ${to} arrived (got ${box.received.map((m) => m.subject).join(', ') || 'none'})`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, done) {
      const to = session.envelope.rcptTo.map((r) => r.address).join(',');
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        box.attempts++;
        const refusal = box.refuse?.(to, box.attempts) ?? null;
        if (refusal) return done(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
        simpleParser(Buffer.concat(chunks)).then(
          (parsed) => {
            box.received.push(parsed);
            done();
          },
          (error: Error) => done(error),
        );
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.server.address();
  if (!address || typeof address === 'string') throw new Error('no smtp address');
  box.url = `smtp://127.0.0.1:${address.port}`;
  return box;
}

function addresses(m: ParsedMail): string[] {
  const to = Array.isArray(m.to) ? m.to : m.to ? [m.to] : [];
  return to.flatMap((a) => a.value.map((v) => (v.address ?? '').toLowerCase()));
}

/** The first link in a message's plain text that starts with `prefix`. */
export function linkIn(m: ParsedMail, prefix: string): string {
  const hit = (m.text ?? '').split(/\s+/).find((w) => w.startsWith(prefix));
  if (!hit) throw new Error(`no link starting ${prefix} in: ${m.text}`);
  return hit;
}
