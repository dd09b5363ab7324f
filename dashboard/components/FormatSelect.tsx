// The export format picker, the same wherever a list can be exported (inbox, selection, users).
import { EXPORT_FORMATS, type ExportFormat } from '../../shared/export-options.js';
import { FORMAT_LABELS } from '../models/exports.js';
import { SelectField } from './SelectField.js';

export function FormatSelect({ label = 'Format', value, onChange }: { label?: string; value: ExportFormat; onChange: (format: ExportFormat) => void }) {
  return (
    <SelectField label={label} value={value} onChange={(v) => onChange(v as ExportFormat)}>
      {EXPORT_FORMATS.map((f) => (
        <option key={f} value={f}>
          {FORMAT_LABELS[f]}
        </option>
      ))}
    </SelectField>
  );
}
