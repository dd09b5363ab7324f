// Visitors' files (docs/attachments.md "In the widget"): the upload, and the signed link to each file
// shown. Both go over HTTP with the gateway's visitor tokens, like voice uploads (voice.ts); the
// server reads the type from the bytes, so the checks here only spare a pointless upload.
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

/** Sends one file into the visitor's conversation; the message comes back over the socket as well. */
export async function uploadFile(file: Blob & { name?: string }, o: FileAuth): Promise<void> {
  if (!o.conversationId || !o.sessionToken) throw new FileError('no_conversation');
  const q = new URLSearchParams({ frame_id: o.frameId, conversation_id: o.conversationId, name: (file.name || 'screenshot.png').slice(0, 200) });
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
  if (!res.ok) throw new FileError(((await res.json().catch(() => null)) as { error?: string } | null)?.error ?? 'upload_failed');
}

/** A signed link to a file of the visitor's conversation (valid an hour). */
export async function fileUrl(id: string, o: FileAuth): Promise<string> {
  const res = await fetch(`${o.baseUrl}/v1/widget/attachments/${id}?frame_id=${encodeURIComponent(o.frameId)}`, { headers: headers(o), credentials: 'omit' });
  const body = (await res.json().catch(() => null)) as { url?: string } | null;
  if (!res.ok || !body?.url) throw new FileError('link_failed');
  return body.url;
}
