// One way to show amounts (invoices, CSV, PDF, e-mails): minor units as a decimal with the ISO code.
// Currencies without minor units are rare in contracts; two decimals are assumed (docs/billing.md).
export const formatMoney = (minor: number, currency: string): string => `${(minor / 100).toFixed(2)} ${currency}`;

export const CATEGORY_LABELS: Record<string, string> = {
  chat_messages: 'Chat Messages',
  ticketing_messages: 'Ticketing Messages',
  generated_messages: 'Generated Messages',
  projects: 'Projects',
};
