// The batch bar's export of the selected conversations (spec 4.1), in the chosen format.
import { useState } from 'preact/hooks';
import { EXPORT_FORMATS, type ExportFormat } from '../../shared/export-options.js';
import { errorText } from '../models/api.js';
import { exportRefusal, exportSelected, FORMAT_LABELS } from '../models/exports.js';
import { ReasonButton } from './ReasonButton.js';
import { SelectField } from './SelectField.js';

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
      <SelectField label="Export as" value={format} onChange={(v) => setFormat(v as ExportFormat)}>
        {EXPORT_FORMATS.map((f) => (
          <option key={f} value={f}>
            {FORMAT_LABELS[f]}
          </option>
        ))}
      </SelectField>
      <ReasonButton type="button" class="btn" reason={exportRefusal()} busy={busy} onClick={() => void run()}>
        {busy ? 'Exporting…' : 'Export selected'}
      </ReasonButton>
    </>
  );
}
