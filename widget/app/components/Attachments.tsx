// The files of a message (docs/attachments.md "In the widget"): images inline, anything else as a
// link that downloads. Each link is signed and short-lived, so it is asked for when shown.
import { useEffect, useState } from 'preact/hooks';
import type { AttachmentRef } from '../../../shared/schemas/entities.js';

export interface FileLink {
  (id: string): Promise<string>;
}

/** How a file's link is asked for: set once by the app (main.tsx), with the visitor's tokens. */
export const fileLinks: { get: FileLink } = { get: async () => { throw new Error('no link'); } };

function FileItem(props: { file: AttachmentRef; link: FileLink }) {
  const { file } = props;
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    props.link(file.id).then((u) => live && setUrl(u), () => undefined);
    return () => void (live = false);
  }, [file.id]);
  if (file.content_type.startsWith('image/')) {
    return url ? (
      <a class="file" href={url} target="_blank" rel="noopener noreferrer">
        <img class="file-img" src={url} alt={file.name} loading="lazy" />
      </a>
    ) : (
      <span class="file file-wait">{file.name}</span>
    );
  }
  return url ? (
    <a class="file file-link" href={url} download={file.name} rel="noopener noreferrer">
      {file.name}
    </a>
  ) : (
    <span class="file">{file.name}</span>
  );
}

export function Attachments(props: { files: AttachmentRef[] }) {
  return (
    <div class="files">
      {props.files.map((f) => (
        <FileItem key={f.id} file={f} link={fileLinks.get} />
      ))}
    </div>
  );
}
