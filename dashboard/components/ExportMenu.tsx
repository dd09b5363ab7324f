// Export of the inbox list as it is filtered now (spec 4.1): a format, conversations or their
// messages, and a link the browser downloads at once. Says beforehand when the 10,000-row cap will
// cut the export, and why the button is off for a role without export:read.
import { useId, useState } from 'preact/hooks';
import { ENTITY_EXPORT_ROW_LIMIT, type ExportFormat } from '../../shared/export-options.js';
import { exportRefusal, listExportUrl, listTotal, overCap, type ListEntity } from '../models/exports.js';
import { ReasonButton } from './ReasonButton.js';
import { FormatSelect } from './FormatSelect.js';
import { SelectField } from './SelectField.js';

export function ExportMenu({ project }: { project: string }) {
  const [format, setFormat] = useState<ExportFormat>('csv');
  const [entity, setEntity] = useState<ListEntity>('conversations');
  const noteId = useId();
  const refusal = exportRefusal();
  const url = listExportUrl(project, entity, format);
  const total = listTotal();
  return (
    <details class="export-menu">
      <summary>Export</summary>
      <div class="export-fields">
        <SelectField label="Export" value={entity} onChange={(v) => setEntity(v as ListEntity)}>
          <option value="conversations">Conversations</option>
          <option value="messages">Their messages</option>
        </SelectField>
        <FormatSelect value={format} onChange={setFormat} />
        {refusal || !url ? (
          <ReasonButton type="button" class="btn" reason={refusal ?? 'This view lists nothing to export.'}>
            Download
          </ReasonButton>
        ) : (
          <a class="btn btn-primary" href={url} download aria-describedby={noteId}>
            Download
          </a>
        )}
      </div>
      <p id={noteId} class="muted export-note">
        {overCap(total)
          ? `This list holds ${total} conversations: the export stops at the newest ${ENTITY_EXPORT_ROW_LIMIT.toLocaleString('en')} rows. Narrow the filters for the rest.`
          : `The list as filtered now, newest first; at most ${ENTITY_EXPORT_ROW_LIMIT.toLocaleString('en')} rows. Dates are in the organization's time zone, named in each date column's header.`}
      </p>
    </details>
  );
}
