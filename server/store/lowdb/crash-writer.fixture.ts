// Child process for the kill -9 test: writes as fast as it can and prints a line per resolved write.
// Appends (new documents), overwrites (a few counters) and messages appended to conversation-like
// documents run concurrently so a kill lands mid-write; a small compaction threshold makes log
// segments rotate and compact into the document files all the time, so kills land there too.
import { openLowdbStore } from './lowdb-store.js';

type Types = { items: { id: string; n: number; pad: string; messages?: { n: number; pad: string }[] } };
const dir = process.argv[2];
const store = await openLowdbStore<Types>({ dir, options: { items: { appendOnly: ['messages'] } }, compactBytes: 64 * 1024 }, ['items']);
const items = store.collection('items');
const pad = 'x'.repeat(2000); // big enough that a write is not a single tiny syscall
let seq = 0;

async function appender(worker: number) {
  for (;;) {
    const n = seq++;
    const id = `w${worker}-${n}`;
    const put = items.put('scope', { id, n, pad });
    // A replay of the same request while the first write is in flight (a re-sent message found by
    // its client_id): it changes nothing, and its ack must still wait for the original write.
    const replay = items.update('scope', id, () => undefined).then((found) => {
      if (found) process.stdout.write(`replay ${id}\n`);
    });
    await Promise.all([put, replay]);
    process.stdout.write(`put ${id}\n`);
  }
}

async function counter(worker: number) {
  const id = `counter-${worker}`;
  // Continue from what the previous (killed) run left, so values only grow across rounds.
  for (let n = ((await items.get('counters', id))?.n ?? 0) + 1; ; n++) {
    await items.put('counters', { id, n, pad });
    process.stdout.write(`set ${id} ${n}\n`);
  }
}

async function conversation(worker: number) {
  const id = `conversation-${worker}`;
  if (!(await items.get('conversations', id))) await items.put('conversations', { id, n: 0, pad: '', messages: [] });
  for (let n = ((await items.get('conversations', id))?.messages?.length ?? 0) + 1; ; n++) {
    await items.update('conversations', id, (doc) => ({ ...doc, messages: [...(doc.messages ?? []), { n, pad: 'm'.repeat(200) }] }));
    process.stdout.write(`msg ${id} ${n}\n`);
  }
}

process.stdout.write('ready\n');
await Promise.all([appender(0), appender(1), appender(2), counter(0), counter(1), conversation(0), conversation(1)]);
