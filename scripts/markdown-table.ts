import fs from 'node:fs';

/**
 * A markdown table as Prettier prints one (every column padded to its widest cell, dashes under the headers as
 * wide), so the tables the benchmarks write into docs/benchmarks.md pass `prettier --check` as written.
 */
const width = (text: string) => [...text].length;

const cell = (value: string | number) => String(value).replace(/\|/g, '\\|').replace(/\s+/g, ' ').trim();

export function markdownTable(
  headers: readonly string[],
  rows: readonly (readonly (string | number)[])[],
): string {
  const table = [headers.map(cell), ...rows.map((row) => headers.map((_, index) => cell(row[index] ?? '')))];
  const widths = headers.map((_, column) => Math.max(3, ...table.map((row) => width(row[column]!))));
  const line = (row: readonly string[]) =>
    `| ${row.map((text, column) => text + ' '.repeat(widths[column]! - width(text))).join(' | ')} |`;
  return [line(table[0]!), line(widths.map((size) => '-'.repeat(size))), ...table.slice(1).map(line)].join(
    '\n',
  );
}

/**
 * Replaces what lies between `begin` and `end` in a markdown file's text with `block`, with the blank lines
 * Prettier keeps around a block between two HTML comments.
 */
export function replaceBetween(text: string, begin: string, end: string, block: string): string | null {
  const from = text.indexOf(begin);
  const to = text.indexOf(end);
  if (from < 0 || to < from) return null;
  return `${text.slice(0, from + begin.length)}\n\n${block.trim()}\n\n${text.slice(to)}`;
}

/**
 * Replaces the block between `<!-- MARKER:BEGIN -->` and `<!-- MARKER:END -->` in `file` (docs/benchmarks.md) with
 * `block`, as Prettier prints it; a file without the markers is an error, not a silent append.
 */
export function writeMarkedBlock(file: string, marker: string, block: string): void {
  const begin = `<!-- ${marker}:BEGIN -->`;
  const end = `<!-- ${marker}:END -->`;
  const updated = replaceBetween(fs.readFileSync(file, 'utf8'), begin, end, block);
  if (updated === null) throw new Error(`${file} lacks the ${begin} … ${end} markers`);
  fs.writeFileSync(file, updated);
}
