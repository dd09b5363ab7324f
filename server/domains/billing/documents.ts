// An invoice as a PDF and as CSV, and a period's usage as CSV (docs/billing.md "Invoices"). The PDF
// is drawn with pdfkit's built-in Helvetica, so nothing is fetched and no font file is needed.
import PDFDocument from 'pdfkit';
import { CATEGORY_LABELS, formatMoney } from './money.js';
import type { StoredInvoice } from './types.js';

/** RFC 4180: a field with a comma, quote or line break is quoted, quotes doubled. */
const cell = (v: string | number | boolean) => {
  const s = String(v);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};
const csv = (rows: (string | number | boolean)[][]) => rows.map((r) => r.map(cell).join(',')).join('\r\n') + '\r\n';

export function invoiceCsv(invoice: StoredInvoice): string {
  const rows: (string | number | boolean)[][] = [
    ['invoice', 'period_start', 'period_end', 'currency', 'category', 'committed_volume', 'used', 'overage', 'overage_units', 'committed_amount_minor', 'overage_amount_minor', 'total_minor', 'prepaid'],
  ];
  for (const l of invoice.lines) {
    rows.push([invoice.number, invoice.period_start, invoice.period_end, invoice.currency, l.category, l.committed_volume, l.used, l.overage, l.overage_units, l.committed_amount, l.overage_amount, l.total, l.prepaid]);
  }
  rows.push([invoice.number, invoice.period_start, invoice.period_end, invoice.currency, 'total', '', '', '', '', '', '', invoice.total, '']);
  return csv(rows);
}

export function usageCsv(daily: { date: string; chat_messages: number; ticketing_messages: number; generated_messages: number }[]): string {
  return csv([['date', 'chat_messages', 'ticketing_messages', 'generated_messages'], ...daily.map((d) => [d.date, d.chat_messages, d.ticketing_messages, d.generated_messages])]);
}

export function invoicePdf(invoice: StoredInvoice, organizationName: string): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: `Invoice ${invoice.number}`, Author: 'Parley' } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const money = (n: number) => formatMoney(n, invoice.currency);
  doc.font('Helvetica-Bold').fontSize(20).text(`Invoice ${invoice.number}`);
  doc.moveDown(0.5).font('Helvetica').fontSize(11);
  doc.text(organizationName);
  doc.text(`Billing period: ${invoice.period_start.slice(0, 10)} to ${invoice.period_end.slice(0, 10)}`);
  doc.text(`Closed: ${invoice.closed_at.slice(0, 10)}`);
  doc.moveDown();
  const columns = [50, 190, 260, 320, 380, 460];
  const row = (values: string[], bold = false) => {
    const y = doc.y;
    doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
    values.forEach((v, i) => doc.text(v, columns[i]!, y, { width: (columns[i + 1] ?? 545) - columns[i]! - 6, align: i === 0 ? 'left' : 'right' }));
    doc.moveDown(0.4);
  };
  row(['Category', 'Committed', 'Used', 'Overage', 'Committed fee', 'Overage fee'], true);
  for (const l of invoice.lines) {
    row([
      CATEGORY_LABELS[l.category] ?? l.category,
      String(l.committed_volume),
      String(l.used),
      `${l.overage} (${l.overage_units} u.)`,
      l.prepaid ? 'prepaid' : money(l.committed_amount),
      money(l.overage_amount),
    ]);
  }
  doc.moveDown();
  doc.font('Helvetica-Bold').fontSize(12).text(`Total: ${money(invoice.total)}`, 50, doc.y, { align: 'right', width: 495 });
  doc.moveDown(2).font('Helvetica').fontSize(8).text('Billed messages are AI-generated replies only; spam is never billed. Amounts are rounded up to whole overage units.', 50);
  doc.end();
  return done;
}
