import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { format } from 'prettier';
import { describe, expect, test } from 'vitest';
import { markdownTable, replaceBetween, writeMarkedBlock } from './markdown-table';

const prettier = (text: string) => format(text, { parser: 'markdown', printWidth: 110, singleQuote: true });

describe('markdownTable', () => {
  test('prints a table as Prettier does, so the benchmark files pass prettier --check', async () => {
    const table = markdownTable(
      ['engine', 'scenario', 'requests/s', 'errors'],
      [
        ['PGlite', 'mixed (browse, search, add, checkout)', '63.9', 0],
        ['PostgreSQL', 'cart page (`/cart`, 3 lines)', '215.8', 12],
        ['x', 'a | b', '', 1],
      ],
    );
    expect(table).toBe((await prettier(table)).trimEnd());
    expect(table.split('\n')[1]).toMatch(/^\| -+ \| -+ \| -+ \| -+ \|$/);
  });

  test('a block between markers comes out as Prettier keeps it', async () => {
    const text = '# Title\n\n<!-- B -->\nold\n<!-- E -->\n\nAfter.\n';
    const block = `Measured today.\n\n${markdownTable(['a', 'b'], [['1', '2']])}`;
    const replaced = replaceBetween(text, '<!-- B -->', '<!-- E -->', block)!;
    expect(replaced).toBe(await prettier(replaced));
    expect(replaceBetween(text, '<!-- X -->', '<!-- E -->', block)).toBeNull();
  });

  test('a marked block in a file is rewritten in place; a file without its markers is refused, unchanged', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'marked-block-')), 'benchmarks.md');
    const text = '# Title\n\n<!-- LISTING:BEGIN -->\n\nold\n\n<!-- LISTING:END -->\n\nAfter.\n';
    fs.writeFileSync(file, text);
    writeMarkedBlock(file, 'LISTING', 'new');
    expect(fs.readFileSync(file, 'utf8')).toBe(text.replace('old', 'new'));
    expect(() => writeMarkedBlock(file, 'BENCH', 'new')).toThrow('lacks the <!-- BENCH:BEGIN -->');
    expect(fs.readFileSync(file, 'utf8')).toBe(text.replace('old', 'new'));
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  });
});
