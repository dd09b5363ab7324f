// A procedure's answers as audience fields (spec 2.8 condition language): `procedure.<field>` with
// the type its `ask` step collects, so a branch can compare an amount, a date or a choice with the
// same operators and validation as an audience, beside the context's user, channel and time fields.
import type { AudienceField, AudienceFieldType } from '../../../shared/schemas/audience-fields.js';
import type { AskKind, ProcedureStep } from '../../../shared/schemas/procedures.js';

const TYPE: Record<AskKind, AudienceFieldType> = { text: 'text', email: 'text', number: 'number', date: 'date', yes_no: 'boolean', choice: 'select' };

export function procedureFields(steps: readonly ProcedureStep[]): Record<string, AudienceField> {
  const fields: Record<string, AudienceField> = {};
  for (const s of steps) {
    if (s.type === 'ask') {
      fields[`procedure.${s.field}`] = {
        type: TYPE[s.kind],
        group: 'conversation',
        description: s.prompt,
        ...(s.kind === 'choice' && s.options ? { options: s.options.map((o) => o.toLowerCase()) } : {}),
      };
    }
    if (s.type === 'tool' && s.save_as) fields[`procedure.${s.save_as}`] = { type: 'text', group: 'conversation', description: `Result of ${s.tool}` };
  }
  return fields;
}
