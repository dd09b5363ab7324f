// The batch bar's export of the selected conversations (spec 4.1), in the chosen format.
import { useState } from 'preact/hooks';
import { type ExportFormat } from '../../shared/export-options.js';
import { errorText } from '../models/api.js';
import { exportRefusal, exportSelected, FORMAT_LABELS } from '../models/exports.js';
import { ReasonButton } from './ReasonButton.js';
import { FormatSelect } from './FormatSelect.js';

export function ExportSelected({ project, ids, onDone }: { project: string; ids: readonly string[]; onDone(message: string): void }) {
  const [format, setFormat] = useState<ExportFormat>('csv');
  const [busy, setBusy] = useState(false);
  async function run() {
    setBusy(true);
    try {
      const rows = await exportSelected(project, ids, 'conversations', format);
      onDone(`Exported ${rows === 1 ? '1 conversation' : `${rows} conversations`} as ${FORMAT_LABELS[format]}.`);
    } catch (err) {
      onDone(errorText(err));
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      <FormatSelect label="Export as" value={format} onChange={setFormat} />
      <ReasonButton type="button" class="btn" reason={exportRefusal()} busy={busy} onClick={() => void run()}>
        {busy ? 'Exporting…' : 'Export selected'}
      </ReasonButton>
    </>
  );
}
