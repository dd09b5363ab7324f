import type { Conversation } from '../../shared/schemas/entities.js';
import { STATUS_TEXT } from './format.js';

export function StatusChip({ c }: { c: Conversation }) {
  return (
    <span class={`status status-${c.status}`}>
      {STATUS_TEXT[c.status]}
      {c.operator_active && ' · human'}
    </span>
  );
}
