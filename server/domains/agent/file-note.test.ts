// Which messages are files alone, and when the file note is due (one per burst): agent/file-note.ts.
import { describe, expect, it } from 'vitest';
import type { Message } from '../../../shared/schemas/entities.js';
import { fileNote, fileNoteDue, filesOnly, isFileNote } from './file-note.js';
import { agentText } from './texts.js';

let seq = 0;
const file = (name: string) => ({ id: `f${name}`, name, content_type: 'image/png', size: 68 });
const msg = (role: Message['role'], content: string, extra: Partial<Message> = {}): Message => ({
  id: `m${++seq}`, conversation_id: 'c1', seq, role, type: 'message', content, client_id: null, sources: [], labels: [], created_at: '2026-01-01T00:00:00.000Z', ...extra,
});
const files = (...names: string[]) => msg('user', names.join(', '), { attachments: names.map(file) });

describe('files alone', () => {
  it('are files whose message says nothing beyond their names', () => {
    expect(filesOnly(files('shot.png'))).toBe(true);
    expect(filesOnly(files('a.png', 'b.pdf'))).toBe(true);
    expect(filesOnly(msg('user', '  shot.png ', { attachments: [file('shot.png')] }))).toBe(true);
    // A caption is words to answer; no file is a typed message.
    expect(filesOnly(msg('user', 'The checkout fails, see shot.png', { attachments: [file('shot.png')] }))).toBe(false);
    expect(filesOnly(msg('user', 'shot.png'))).toBe(false);
  });

  it('get the note in the visitor\'s language with the offer of a person', () => {
    expect(fileNote('de-AT')).toEqual({ content: agentText('de', 'fileNote'), sources: [], offer_handoff: true, outcome: 'no_answer' });
    expect(fileNote(null).content).toBe(agentText('en', 'fileNote'));
    expect(isFileNote(msg('assistant', agentText('ar', 'fileNote')))).toBe(true);
    expect(isFileNote(msg('user', agentText('en', 'fileNote')))).toBe(false);
  });

  it('get one note per burst: none while the note is the last thing the visitor saw', () => {
    const note = msg('assistant', agentText('fr', 'fileNote'), { offer_handoff: true });
    expect(fileNoteDue([files('a.png')])).toBe(true);
    expect(fileNoteDue([msg('user', 'Hi'), msg('assistant', 'Hello!'), files('a.png')])).toBe(true);
    expect(fileNoteDue([files('a.png'), note, files('b.png')])).toBe(false);
    expect(fileNoteDue([files('a.png'), note, files('b.png'), files('c.pdf')])).toBe(false);
    // What the visitor never sees does not end a burst.
    expect(fileNoteDue([files('a.png'), note, msg('operator', 'looks like a 404', { type: 'comment' }), files('b.png')])).toBe(false);
    expect(fileNoteDue([files('a.png'), note, msg('assistant', 'Status: active → resolved', { type: 'note', labels: ['status', 'internal'] }), files('b.png')])).toBe(false);
    // Typed words, or a visible note (the assistant back from a person), start a new one.
    expect(fileNoteDue([files('a.png'), note, msg('user', 'hello?'), files('b.png')])).toBe(true);
    expect(fileNoteDue([files('a.png'), note, msg('assistant', agentText('en', 'assistantBack'), { type: 'note' }), files('b.png')])).toBe(true);
  });
});
