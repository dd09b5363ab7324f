// Visitors' files (docs/attachments.md "In the widget"): the upload, and the signed link to each file
// shown. Both go over HTTP with the gateway's visitor tokens, like voice uploads (voice.ts); the
// server reads the type from the bytes, so the checks here only spare a pointless upload.
import type { Conversation, Message } from '../../shared/schemas/entities.js';
export interface FileAuth {
  baseUrl: string;
  frameId: string;
  deviceToken: string;
  sessionToken?: string;
  conversationId?: string;
}

export class FileError extends Error {
  constructor(readonly code: string) {
    super(code);
  }
}

const headers = (o: FileAuth): Record<string, string> => ({ 'x-parley-device': o.deviceToken, ...(o.sessionToken ? { 'x-parley-session': o.sessionToken } : {}) });

/** What the server answers; a file before the first message started the conversation: then with it and the session's tokens. */
export interface UploadResult {
  message: Message;
  conversation?: Conversation;
  user_token?: string;
  session_token?: string;
}

/**
 * Sends one file into the visitor's conversation; the message comes back over the socket as well.
 * Before the first message (no conversation yet) the file is the first message and starts one.
 */
export async function uploadFile(file: Blob & { name?: string }, o: FileAuth): Promise<UploadResult> {
  const q = new URLSearchParams({ frame_id: o.frameId, ...(o.conversationId ? { conversation_id: o.conversationId } : {}), name: (file.name || 'screenshot.png').slice(0, 200) });
  let res: Response;
  try {
    res = await fetch(`${o.baseUrl}/v1/widget/attachments?${q}`, {
      method: 'POST',
      headers: { ...headers(o), 'content-type': file.type || 'application/octet-stream' },
      body: file,
      credentials: 'omit',
    });
  } catch {
    throw new FileError('upload_failed');
  }
  const body = (await res.json().catch(() => null)) as (UploadResult & { error?: string }) | null;
  if (!res.ok || !body?.message) throw new FileError(body?.error ?? 'upload_failed');
  return body;
}

/** A signed link to a file of the visitor's conversation (valid an hour). */
export async function fileUrl(id: string, o: FileAuth): Promise<string> {
  const res = await fetch(`${o.baseUrl}/v1/widget/attachments/${id}?frame_id=${encodeURIComponent(o.frameId)}`, { headers: headers(o), credentials: 'omit' });
  const body = (await res.json().catch(() => null)) as { url?: string } | null;
  if (!res.ok || !body?.url) throw new FileError('link_failed');
  return body.url;
}
