// Which of a visitor's images a model that reads them is shown (images.ts; docs/attachments.md "The AI
// and files"): those since the last reply, never a PDF, the newest four, none above 4 MiB; an image
// that cannot be read is left out rather than failing the reply.
import { describe, expect, it } from 'vitest';
import type { AttachmentRef, Message } from '../../../shared/schemas/entities.js';
import { MAX_IMAGE_BYTES, MAX_IMAGES, imagesAlone, imagesToShow, readImages } from './images.js';

let seq = 0;
const file = (name: string, content_type = 'image/png', size = 1000): AttachmentRef => ({ id: `f-${name}`, name, content_type, size });
const message = (role: Message['role'], content: string, attachments?: AttachmentRef[]): Message => ({
  id: `m-${++seq}`, conversation_id: 'c', seq, role, type: 'message', content, client_id: null, sources: [], labels: [],
  ...(attachments ? { attachments } : {}), created_at: '2026-01-01T00:00:00.000Z',
});
const names = (files: AttachmentRef[]) => files.map((f) => f.name);

describe('imagesToShow', () => {
  it('takes the images of the visitor\'s messages back to the last reply, oldest first, never a PDF', () => {
    const a = file('a.png');
    const turns = [
      message('user', 'a.png', [a]),
      message('assistant', 'What do you need?'),
      message('user', 'b.png', [file('b.png')]),
      message('user', 'c.pdf', [file('c.pdf', 'application/pdf')]),
      message('user', 'Here it is', [file('d.webp', 'image/webp'), file('e.gif', 'image/gif')]),
    ];
    expect(names(imagesToShow(turns, 4))).toEqual(['b.png', 'd.webp', 'e.gif']);
    // Answering the first message: only its own image.
    expect(names(imagesToShow(turns, 0))).toEqual(['a.png']);
    // A person's reply ends the run as the AI's does.
    const after = [...turns, message('operator', 'Hi, Ada here'), message('user', 'x.jpg', [file('x.jpg', 'image/jpeg')])];
    expect(names(imagesToShow(after, after.length - 1))).toEqual(['x.jpg']);
  });

  it('keeps the newest four and leaves out an image above the size bound', () => {
    const many = Array.from({ length: MAX_IMAGES + 2 }, (_, i) => message('user', `${i}.png`, [file(`${i}.png`)]));
    expect(names(imagesToShow(many, many.length - 1))).toEqual(['2.png', '3.png', '4.png', '5.png']);
    const big = [message('user', 'photo.jpg', [file('photo.jpg', 'image/jpeg', MAX_IMAGE_BYTES + 1)]), message('user', 'ok.jpg', [file('ok.jpg', 'image/jpeg', MAX_IMAGE_BYTES)])];
    expect(names(imagesToShow(big, 1))).toEqual(['ok.jpg']);
  });
});

describe('imagesAlone', () => {
  it('is a message of image files without typed words', () => {
    expect(imagesAlone(message('user', 'a.png, b.jpg', [file('a.png'), file('b.jpg', 'image/jpeg')]))).toBe(true);
    expect(imagesAlone(message('user', 'a.png, c.pdf', [file('a.png'), file('c.pdf', 'application/pdf')]))).toBe(false);
    expect(imagesAlone(message('user', 'What is this error?', [file('a.png')]))).toBe(false);
    expect(imagesAlone(message('user', 'hello'))).toBe(false);
  });
});

describe('readImages', () => {
  it('reads each file\'s bytes and leaves out one that is gone, fails to read or is larger than stored', async () => {
    const bytes = new Map([['f-a.png', Buffer.from('a')], ['f-big.png', Buffer.alloc(MAX_IMAGE_BYTES + 1)]]);
    const read = async (f: AttachmentRef) => {
      if (f.name === 'down.png') throw new Error('storage unreachable');
      return bytes.get(f.id) ?? null;
    };
    const images = await readImages([file('a.png'), file('gone.png'), file('down.png'), file('big.png')], read);
    expect(images).toEqual([{ name: 'a.png', content_type: 'image/png', bytes: Buffer.from('a') }]);
  });
});
