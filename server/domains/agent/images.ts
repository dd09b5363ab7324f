// The visitor's images a model that reads images is shown (OPENAI_VISION; docs/attachments.md "The AI
// and files"). Which: the image files of the visitor's messages since the last reply they saw (the
// AI's or a person's), so "here is a screenshot" followed by the file, or a file followed by words
// before the AI answered, reach the model together. PDFs are never shown: a chat model reads images.
//
// Bounds, since every image is sent inline with each call of the reply's tool loop: the newest
// MAX_IMAGES only, and none larger than MAX_IMAGE_BYTES (a phone screenshot is well below; a photo
// straight from a camera may not be, and is skipped rather than sent at 1.3× its size as base64).
import type { AttachmentRef, Message } from '../../../shared/schemas/entities.js';
import type { SniffedType } from '../attachments/sniff.js';
import { filesOnly } from './file-note.js';
import type { ImageInput } from './provider.js';

/** The image types the widget accepts (attachments/limits.ts), all of which OpenAI-compatible vision models take. */
export const VISION_TYPES: ReadonlySet<string> = new Set<SniffedType>(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);
/** Images shown per reply, the newest. */
export const MAX_IMAGES = 4;
/** Larger images are left out (4 MiB; OpenAI takes up to 20 MB, but each tool round sends them again). */
export const MAX_IMAGE_BYTES = 4 * 1024 * 1024;

const readable = (file: AttachmentRef) => VISION_TYPES.has(file.content_type);

/** A message of files alone (no typed words) whose files are all images a model can read. */
export function imagesAlone(message: Pick<Message, 'content' | 'attachments'>): boolean {
  return filesOnly(message) && (message.attachments ?? []).every(readable);
}

/**
 * The image files to show for the reply to `turns[last]`: of the visitor's messages back to the
 * last reply (AI or person), oldest first, the newest MAX_IMAGES within MAX_IMAGE_BYTES.
 * `turns` are the conversation's messages of type `message`.
 */
export function imagesToShow(turns: readonly Message[], last: number): AttachmentRef[] {
  const files: AttachmentRef[] = [];
  for (let i = last; i >= 0 && turns[i]!.role === 'user'; i--) {
    const own = (turns[i]!.attachments ?? []).filter((f) => readable(f) && f.size <= MAX_IMAGE_BYTES);
    files.unshift(...own);
  }
  return files.slice(-MAX_IMAGES);
}

/**
 * Reads the files' bytes; a file that is gone or cannot be read now (storage unreachable) is left
 * out rather than failing the reply, as is one whose stored size exceeds the bound after all.
 */
export async function readImages(files: readonly AttachmentRef[], read: (file: AttachmentRef) => Promise<Buffer | null>): Promise<ImageInput[]> {
  const images = await Promise.all(
    files.map(async (file) => {
      const bytes = await read(file).catch(() => null);
      return bytes && bytes.length <= MAX_IMAGE_BYTES ? { name: file.name, content_type: file.content_type, bytes } : null;
    }),
  );
  return images.filter((image): image is ImageInput => image !== null);
}
