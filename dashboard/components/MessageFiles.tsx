// The files of a message in the console (docs/attachments.md): images inline, anything else as a
// download link. Each link is signed and expires, so it is fetched when the message is shown.
import { useEffect, useState } from 'preact/hooks';
import type { AttachmentRef } from '../../shared/schemas/entities.js';
import { fileLink } from '../models/conversation.js';

const kb = (n: number) => (n < 1024 * 1024 ? `${Math.max(1, Math.round(n / 1024))} KB` : `${(n / 1048576).toFixed(1)} MB`);

function FileItem({ file }: { file: AttachmentRef }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    fileLink(file.id).then((u) => live && setUrl(u), () => undefined);
    return () => void (live = false);
  }, [file.id]);
  const image = file.content_type.startsWith('image/');
  if (!url) return <span class="msg-file">{file.name}</span>;
  return image ? (
    <a class="msg-file msg-file-img" href={url} target="_blank" rel="noopener noreferrer">
      <img src={url} alt={file.name} loading="lazy" />
    </a>
  ) : (
    <a class="msg-file" href={url} download={file.name} rel="noopener noreferrer">
      {file.name} ({kb(file.size)})
    </a>
  );
}

export function MessageFiles({ files }: { files: AttachmentRef[] }) {
  return (
    <div class="msg-files">
      {files.map((f) => (
        <FileItem key={f.id} file={f} />
      ))}
    </div>
  );
}
