// Reading a visitor's answer to an `ask` step (docs/behaviour.md "Procedures"): each kind accepts the
// forms people type ("12,50 €", "yes", "Ja", "2026-05-01", "1.5.2026", an option's text or number)
// and gives the value to store, or null when the answer does not fit.
import type { AskKind } from '../../../shared/schemas/procedures.js';

const YES = new Set(['yes', 'y', 'yeah', 'yep', 'sure', 'ok', 'okay', 'ja', 'jawohl', 'sí', 'si', 'oui', 'sì', 'certo', 'نعم']);
const NO = new Set(['no', 'n', 'nope', 'nein', 'non', 'não', 'nao', 'لا']);
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

function number(text: string): number | null {
  const m = text.replace(/\s/g, '').match(/-?\d+(?:[.,]\d+)*(?:[.,]\d+)?/);
  if (!m) return null;
  let raw = m[0];
  // "1.234,50" and "1,234.50": the last separator is the decimal one when two kinds appear.
  const lastComma = raw.lastIndexOf(',');
  const lastDot = raw.lastIndexOf('.');
  if (lastComma > -1 && lastDot > -1) raw = lastComma > lastDot ? raw.replace(/\./g, '').replace(',', '.') : raw.replace(/,/g, '');
  else if (lastComma > -1) raw = /,\d{3}$/.test(raw) && raw.split(',').length > 2 ? raw.replace(/,/g, '') : raw.replace(',', '.');
  const n = Number(raw);
  return Number.isFinite(n) ? n : null;
}

function date(text: string): string | null {
  const t = text.trim();
  let m = t.match(/^(\d{4})-(\d{1,2})-(\d{1,2})$/);
  const day = (y: number, mo: number, d: number) => {
    const dt = new Date(Date.UTC(y, mo - 1, d));
    return dt.getUTCFullYear() === y && dt.getUTCMonth() === mo - 1 && dt.getUTCDate() === d ? dt.toISOString().slice(0, 10) : null;
  };
  if (m) return day(+m[1]!, +m[2]!, +m[3]!);
  m = t.match(/^(\d{1,2})[./](\d{1,2})[./](\d{4})$/); // day first, as most of the world writes it
  if (m) return day(+m[3]!, +m[2]!, +m[1]!);
  return null;
}

export function readAnswer(kind: AskKind, text: string, options: readonly string[] = []): unknown {
  const t = text.trim();
  const word = t.toLowerCase().replace(/[.!?¡¿]+$/g, '').trim();
  switch (kind) {
    case 'text':
      return t.length ? t.slice(0, 1000) : null;
    case 'number':
      return number(t);
    case 'email':
      return EMAIL.test(t) ? t : null;
    case 'date':
      return date(t);
    case 'yes_no':
      return YES.has(word) ? true : NO.has(word) ? false : null;
    case 'choice': {
      const index = Number(word);
      if (Number.isInteger(index) && index >= 1 && index <= options.length) return options[index - 1]!.toLowerCase();
      const hit = options.find((o) => o.toLowerCase() === word) ?? options.find((o) => word.includes(o.toLowerCase()));
      return hit ? hit.toLowerCase() : null;
    }
  }
}

/** What a visitor writes to stop a procedure, in the languages Parley speaks. */
const CANCEL = /^(cancel|stop|abort|quit|never ?mind|forget it|abbrechen|stopp|halt|vergiss es|cancelar|parar|olvídalo|annuler|arrête|arrêter|annulla|basta|إلغاء)\b/i;
export const isCancel = (text: string) => CANCEL.test(text.trim());
