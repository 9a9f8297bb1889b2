import { describe, expect, test } from 'vitest';
import { csvCell, csvDollars, toCsv } from './csv';

describe('csvCell', () => {
  test.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=HYPERLINK("http://x")', `"'=HYPERLINK(""http://x"")"`],
    ['+1 555', "'+1 555"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tlead', "'\tlead"],
    ['', ''],
    [null, ''],
    [undefined, ''],
    [42, '42'],
    [-5, '-5'],
  ])('%j → %j', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });
});

test('toCsv joins cells with commas and rows with CRLF', () => {
  expect(
    toCsv([
      ['order', 'email'],
      [1, 'a@example.com'],
    ]),
  ).toBe('order,email\r\n1,a@example.com\r\n');
});

test('csvDollars', () => {
  expect(csvDollars(123_450)).toBe('1234.50');
  expect(csvDollars(0)).toBe('0.00');
});
