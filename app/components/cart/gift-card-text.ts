/**
 * How a gift card in the cart reads to the shopper (issue 24 §4): its item name keeps SPEC §3's
 * "{recipient} emailing on dd/mm/yyyy", which a US shopper who typed 2026-12-24 would misread; the line says
 * "for Ana, emailed Dec 24, 2026" instead. Pure, so the server and the browser render the same text.
 */
const NAME = /^(.+) emailing on (\d{2})\/(\d{2})\/(\d{4})$/;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export function giftCardText(name: string): { recipient: string; date: string } | null {
  const match = NAME.exec(name);
  if (!match) return null;
  const [, recipient, dd, mm, yyyy] = match as unknown as [string, string, string, string, string];
  const month = MONTHS[Number(mm) - 1];
  if (!month) return null;
  return { recipient, date: `${month} ${Number(dd)}, ${yyyy}` };
}

/** A day as YYYY-MM-DD in UTC (the date input's value, min and max), `days` after `from`. */
export function isoDay(from: Date, days = 0): string {
  return new Date(from.getTime() + days * 86_400_000).toISOString().slice(0, 10);
}
