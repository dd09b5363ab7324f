// A wiki's pages come from an upload (spec 2.11; docs/knowledge.md "Wiki"): a zip export as it is,
// or a whole folder picked in the browser, zipped here with fflate (already the server's zip
// library; small, and only in this lazy page's chunk) and sent to the same archive endpoint.
// Only Markdown, HTML and text files go in; a sync imports them.
import { useState } from 'preact/hooks';
import { zipSync } from 'fflate';
import { updateProvider, uploadArchive } from '../models/knowledge.js';
import type { DataProvider } from '../models/knowledge-api.js';
import { errorText } from '../models/api.js';

const PAGE = /\.(md|markdown|mdx|html?|txt)$/i;

async function zipFolder(files: File[]): Promise<{ name: string; zip: Blob; count: number }> {
  const entries: Record<string, Uint8Array> = {};
  for (const f of files) {
    const path = (f as File & { webkitRelativePath?: string }).webkitRelativePath || f.name;
    if (PAGE.test(path)) entries[path] = new Uint8Array(await f.arrayBuffer());
  }
  const count = Object.keys(entries).length;
  const root = Object.keys(entries)[0]?.split('/')[0] || 'folder';
  return { name: `${root}.zip`, zip: new Blob([zipSync(entries, { level: 6 }) as Uint8Array<ArrayBuffer>], { type: 'application/zip' }), count };
}

export function WikiUpload({ projectId, provider }: { projectId: string; provider: DataProvider }) {
  const [baseUrl, setBaseUrl] = useState(provider.wiki?.base_url ?? '');
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function run(task: () => Promise<string>) {
    setBusy(true);
    setMessage(null);
    try {
      setMessage({ ok: true, text: await task() });
    } catch (err) {
      setMessage({ ok: false, text: errorText(err) });
    } finally {
      setBusy(false);
    }
  }

  const onFolder = (e: Event) => {
    const input = e.target as HTMLInputElement;
    const files = [...(input.files ?? [])];
    input.value = '';
    if (!files.length) return;
    void run(async () => {
      const { name, zip, count } = await zipFolder(files);
      if (!count) throw new Error('That folder holds no Markdown, HTML or text pages.');
      await uploadArchive(projectId, provider.id, name, zip);
      return `Uploaded ${count} pages as ${name}. Sync to import them.`;
    });
  };
  const onZip = (e: Event) => {
    const input = e.target as HTMLInputElement;
    const file = input.files?.[0];
    input.value = '';
    if (!file) return;
    void run(async () => {
      await uploadArchive(projectId, provider.id, file.name, new Blob([file], { type: 'application/zip' }));
      return `Uploaded ${file.name}. Sync to import it.`;
    });
  };
  const saveBase = (e: Event) => {
    e.preventDefault();
    void run(async () => {
      await updateProvider(projectId, provider.id, { wiki: { base_url: baseUrl.trim() || null } });
      return 'Saved. Page links use it from the next sync.';
    });
  };

  return (
    <section class="card form-grid" aria-labelledby="wiki-title">
      <h2 id="wiki-title">Wiki pages</h2>
      <p class="muted wide">
        Current upload: <strong>{provider.wiki?.archive_name ?? 'none'}</strong>
        {provider.wiki?.folder_path && <> · server folder {provider.wiki.folder_path}</>}
      </p>
      <label class="field">
        <span>Upload a folder</span>
        <input type="file" {...{ webkitdirectory: true }} multiple disabled={busy} onChange={onFolder} />
      </label>
      <label class="field">
        <span>Upload a zip file</span>
        <input type="file" accept=".zip,application/zip" disabled={busy} onChange={onZip} />
      </label>
      <form class="inline-form wide" onSubmit={saveBase}>
        <label class="field">
          <span>Public wiki address (optional)</span>
          <input type="url" value={baseUrl} placeholder="https://wiki.example.com/" onInput={(e) => setBaseUrl((e.target as HTMLInputElement).value)} />
        </label>
        <button class="btn" type="submit" disabled={busy}>
          Save address
        </button>
      </form>
      {message && (
        <p role={message.ok ? 'status' : 'alert'} class={`wide ${message.ok ? 'ok' : 'error'}`}>
          {message.text}
        </p>
      )}
    </section>
  );
}
