// Choose labels by name (checkboxes); used for one conversation and for a batch.
import { labels } from '../models/labels.js';
import { CheckList } from './CheckList.js';

export function LabelPicker({ legend, value, onChange }: { legend: string; value: string[]; onChange: (ids: string[]) => void }) {
  return <CheckList legend={legend} choices={labels.value.map((l) => ({ value: l.id, label: l.name }))} value={value} onChange={onChange} />;
}
