/**
 * CSV for the order desk's export (decision 093): RFC 4180 quoting (a cell with a comma, quote, or line break is
 * quoted, its quotes doubled; lines end in CRLF), and no formula injection: a cell a spreadsheet would run as a
 * formula (starting with =, +, -, @, tab or carriage return) gets a leading apostrophe, so it reads as text.
 */
export type CsvValue = string | number | null | undefined;

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(rows: readonly (readonly CsvValue[])[]): string {
  return rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** Cents as dollars with two decimals ("1234.50"), a number a spreadsheet reads as one. */
export const csvDollars = (cents: number) => (cents / 100).toFixed(2);
