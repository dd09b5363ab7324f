// Attachments (spec 2.6 "optional attachments", 4, 5; docs/attachments.md): files on messages. One
// upload is checked (the bytes decide the type; the limits of who sends it), stored through the
// FileStorage, recorded, and carried by a new message, which reaches the other side live like any
// message. Reading is through signed URLs that expire (signer.ts); the record says what the file is
// and where its bytes are, the message only what it is (AttachmentRef).
//
// Also the hooks other code calls to delete files: of a conversation (conversations.remove runs
// it through onRemove) and of a user (erasure, retention).
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import type { AppContext } from '../../context.js';
import type { AttachmentRef, ConversationRecord, Message } from '../../../shared/schemas/entities.js';
import type { AttachmentOut } from '../../../shared/schemas/attachments.js';
import { AppError, notFound } from '../../errors.js';
import { newId, now } from '../../lib/ids.js';
import { clock } from '../../lib/clock.js';
import { createLocalStorage, type FileStorage } from './storage.js';
import { createS3Storage } from './s3-storage.js';
import type { Config } from '../../config.js';
import { EXTENSIONS, sniffType, type SniffedType } from './sniff.js';
import type { AttachmentLimits } from './limits.js';
import { fileLinkSigner } from './signer.js';

export interface StoredAttachment extends AttachmentRef {
  project_id: string;
  conversation_id: string;
  /** The conversation's user when it was uploaded: the user erasure hook finds files by it. */
  user_id: string;
  message_id: string | null;
  uploaded_by: AttachmentOut['uploaded_by'];
  sha256: string;
  created_at: string;
}

/** How long a link handed to a reader (console, widget, API) works. */
export const READ_LINK_MS = 60 * 60 * 1000;
/** Links in exports (spec 2.6, 8: media URLs in exports expire after 7 days). */
export const EXPORT_LINK_MS = 7 * 24 * 60 * 60 * 1000;
/** Files one conversation may hold: bounds what one visitor can put on the disk. */
export const MAX_FILES_PER_CONVERSATION = 100;

export interface Upload {
  bytes: Buffer;
  /** The name the uploader gave (cleaned here). */
  name?: string;
  /** The Content-Type the upload declared: a hint that must agree with the bytes, never trusted. */
  declared?: string;
  limits: AttachmentLimits;
  uploaded_by: StoredAttachment['uploaded_by'];
}

/** A file name a reader can be shown and offered safely: no path, no control or quote characters, the sniffed extension. */
export function cleanName(name: string | undefined, type: SniffedType): string {
  const ext = EXTENSIONS[type];
  let base = (name ?? '').split(/[\\/]/).pop() ?? '';
  base = base.replace(/[\u0000-\u001f\u007f"<>]/g, '').trim().slice(0, 120);
  if (!base || base.startsWith('.')) base = `file${base}`;
  const dot = base.lastIndexOf('.');
  const own = dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
  const same = own === ext || (ext === 'jpg' && own === 'jpeg');
  return same ? base : `${base}.${ext}`;
}

/** Checks an upload against the limits; the sniffed type, or a 4xx that says what is wrong. */
export function checkUpload(upload: Pick<Upload, 'bytes' | 'declared' | 'limits'>): SniffedType {
  const { bytes, limits } = upload;
  if (!limits.enabled) throw new AppError('forbidden', 'File uploads are turned off for this channel', { reason: 'attachments_disabled' });
  if (bytes.length === 0) throw new AppError('invalid_file', 'The file is empty: send its bytes as the request body');
  if (bytes.length > limits.max_bytes) {
    throw new AppError('payload_too_large', `The file is ${bytes.length} bytes; at most ${limits.max_bytes} are accepted here`, { max_bytes: limits.max_bytes });
  }
  const type = sniffType(bytes);
  if (!type || !limits.types.includes(type)) {
    throw new AppError('unsupported_media_type', `Only ${limits.types.join(', ')} files are accepted here${type ? `, not ${type}` : ''} (the type is read from the file, not its name)`, {
      accepted: limits.types,
    });
  }
  return type;
}

/** The storage FILE_STORAGE chose (docs/attachments.md "Storage"): the local disk unless it says s3. */
export function storageFor(config: Config): FileStorage {
  const choice = config.fileStorage;
  if (choice?.kind === 's3') return createS3Storage(choice);
  return createLocalStorage(join(config.dataDir, 'files'));
}

export function createAttachmentService(ctx: AppContext, options: { storage?: FileStorage; baseUrl?: () => string } = {}) {
  const records = ctx.store.collection('attachments');
  const storage = options.storage ?? storageFor(ctx.config);
  const baseUrl = options.baseUrl ?? (() => ctx.config.baseUrl);
  const keyOf = (a: Pick<StoredAttachment, 'project_id' | 'conversation_id' | 'id'>) => `${a.project_id}/${a.conversation_id}/${a.id}`;

  const ofConversation = async (projectId: string, conversationId: string) =>
    (await records.query(projectId, { where: { conversation_id: conversationId } })).items;

  /** Checks the upload and writes its bytes; the record (returned) is not stored yet. */
  async function writeBytes(record: Pick<ConversationRecord, 'project_id' | 'id'> & { user_id?: string }, upload: Upload): Promise<StoredAttachment> {
    const type = checkUpload(upload);
    const doc: StoredAttachment = {
      id: newId(),
      name: cleanName(upload.name, type),
      content_type: type,
      size: upload.bytes.length,
      project_id: record.project_id,
      conversation_id: record.id,
      user_id: record.user_id ?? '',
      message_id: null,
      uploaded_by: upload.uploaded_by,
      sha256: createHash('sha256').update(upload.bytes).digest('hex'),
      created_at: now(),
    };
    // Bytes first: a record never names a file that is not there.
    await storage.put(keyOf(doc), upload.bytes);
    return doc;
  }

  async function store(record: ConversationRecord, upload: Upload): Promise<StoredAttachment> {
    checkUpload(upload); // what is wrong with the file is said before a full conversation
    if ((await records.count(record.project_id, { where: { conversation_id: record.id } })) >= MAX_FILES_PER_CONVERSATION) {
      throw new AppError('conflict', `A conversation holds at most ${MAX_FILES_PER_CONVERSATION} files`);
    }
    const doc = await writeBytes(record, upload);
    await records.put(doc.project_id, doc);
    return doc;
  }

  async function discard(doc: StoredAttachment) {
    await records.delete(doc.project_id, doc.id);
    await storage.delete(keyOf(doc));
  }

  const ref = (a: StoredAttachment): AttachmentRef => ({ id: a.id, name: a.name, content_type: a.content_type, size: a.size });

  async function link(a: StoredAttachment, ttlMs: number): Promise<{ url: string; url_expires_at: string }> {
    const expires = clock.now() + ttlMs;
    const path = (await fileLinkSigner(ctx)).path(a.project_id, a.id, expires);
    return { url: `${baseUrl()}${path}`, url_expires_at: new Date(Math.floor(expires / 1000) * 1000).toISOString() };
  }

  async function view(a: StoredAttachment, ttlMs = READ_LINK_MS): Promise<AttachmentOut> {
    return { ...ref(a), conversation_id: a.conversation_id, message_id: a.message_id, uploaded_by: a.uploaded_by, created_at: a.created_at, ...(await link(a, ttlMs)) };
  }

  async function deleteAll(list: StoredAttachment[]) {
    for (const a of list) await discard(a);
  }

  return {
    ref,
    view,
    link,

    /**
     * Stores the file and adds the message that carries it (`post`, given the reference); if the
     * message cannot be added the file goes again. Returns both.
     */
    async upload(record: ConversationRecord, upload: Upload, post: (ref: AttachmentRef) => Promise<Message>): Promise<{ attachment: StoredAttachment; message: Message }> {
      const doc = await store(record, upload);
      let message: Message;
      try {
        message = await post(ref(doc));
      } catch (error) {
        await discard(doc);
        throw error;
      }
      const attachment = (await records.update(doc.project_id, doc.id, (d) => ({ ...d, message_id: message.id }))) ?? doc;
      return { attachment, message };
    },

    /**
     * A file that starts a conversation (docs/attachments.md "In the widget"): checked and its bytes
     * written for the conversation `target` names, which does not exist yet. The caller stores
     * `record(conversation)` in the transaction that creates the conversation with its first message
     * (carrying `ref`), or calls `discard()` when that fails, so no bytes stay behind.
     */
    async stage(target: Pick<ConversationRecord, 'project_id' | 'id'>, upload: Upload) {
      const doc = await writeBytes(target, upload);
      return {
        ref: ref(doc),
        record: (conversation: ConversationRecord): StoredAttachment => ({ ...doc, user_id: conversation.user_id, message_id: conversation.messages[0]?.id ?? null }),
        // The conversation was never made: its whole folder goes, not just the file.
        discard: () => storage.deletePrefix(`${doc.project_id}/${doc.conversation_id}`),
      };
    },

    async get(projectId: string, id: string): Promise<StoredAttachment> {
      const doc = await records.get(projectId, id);
      if (!doc) throw notFound('attachment');
      return doc;
    },

    listForConversation: ofConversation,

    /** The bytes behind a signed link, or the reason it is refused (403 changed, 410 expired, 404 gone). */
    async open(projectId: string, id: string, expires: number, signature: string): Promise<{ attachment: StoredAttachment; bytes: Buffer }> {
      const check = (await fileLinkSigner(ctx)).check(projectId, id, expires, signature);
      if (!check.ok && check.reason === 'bad_signature') throw new AppError('invalid_signature', 'This file link was changed or was not made by this server');
      if (!check.ok) throw new AppError('link_expired', 'This file link has expired: ask for a new one');
      const attachment = await records.get(projectId, id);
      const bytes = attachment ? await storage.get(keyOf(attachment)) : null;
      if (!attachment || !bytes) throw notFound('file');
      return { attachment, bytes };
    },

    /**
     * A file's bytes for the server's own use, never handed to a client: the AI reading a visitor's
     * image (agent/images.ts, docs/attachments.md "The AI and files"), sent to the model inline since
     * its endpoint may not reach this server's signed links. Null when the file is gone.
     */
    async bytesOf(projectId: string, id: string): Promise<Buffer | null> {
      const attachment = await records.get(projectId, id);
      return attachment ? storage.get(keyOf(attachment)) : null;
    },

    /** Deletes every file of a conversation (conversations.remove calls it; so may retention). */
    async deleteForConversation(projectId: string, conversationId: string): Promise<number> {
      const list = await ofConversation(projectId, conversationId);
      await deleteAll(list);
      // Also whatever a crash between the bytes and the record left on the disk.
      await storage.deletePrefix(`${projectId}/${conversationId}`);
      return list.length;
    },

    /** Deletes every file uploaded in a user's conversations of a project (user erasure). */
    async deleteForUser(projectId: string, userId: string): Promise<number> {
      const list = (await records.query(projectId, { where: { user_id: userId } })).items;
      await deleteAll(list);
      return list.length;
    },
  };
}

export type AttachmentService = ReturnType<typeof createAttachmentService>;

/**
 * Signed links valid 7 days for the files in an export (spec 2.6, 8), made without a store read per
 * file: the message's reference names the file, the link names the project and the file.
 */
export async function exportMediaLinks(ctx: Pick<AppContext, 'config'>, ttlMs = EXPORT_LINK_MS) {
  const signer = await fileLinkSigner(ctx);
  const base = ctx.config.baseUrl;
  return (projectId: string, file: AttachmentRef) => {
    const expires = clock.now() + ttlMs;
    return { url: `${base}${signer.path(projectId, file.id, expires)}`, url_expires_at: new Date(Math.floor(expires / 1000) * 1000).toISOString() };
  };
}

const services = new WeakMap<AppContext, AttachmentService>();

/**
 * The app's attachment service. The route module makes it first (with the listening port in the
 * links' base URL) and registers the delete hook; a caller before that gets one over BASE_URL.
 */
export function attachmentsOf(ctx: AppContext, make: () => AttachmentService = () => createAttachmentService(ctx)): AttachmentService {
  let service = services.get(ctx);
  if (!service) {
    service = make();
    services.set(ctx, service);
  }
  return service;
}
