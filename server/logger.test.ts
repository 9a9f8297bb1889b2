import { describe, expect, test } from 'vitest';
import { createLogger, redact } from './logger';

describe('redact', () => {
  test.each([
    ['request for shopper@example.com', 'request for [email]'],
    ['to "A.B+tag@mail.example.co.uk",', 'to "[email]",'],
    [
      'Failed query: insert into "back_in_stock" ("email") values ($1)\nparams: shopper@example.com',
      'Failed query (statement and parameters withheld)',
    ],
    ['no personal data here', 'no personal data here'],
    ['a @ sign alone', 'a @ sign alone'],
  ])('%j → %j', (text, expected) => {
    expect(redact(text)).toBe(expected);
  });
});

describe('logged errors', () => {
  function logged(fields: Record<string, unknown>): Record<string, unknown> {
    const lines: string[] = [];
    createLogger({ sink: (line) => lines.push(line) }).error('failed', fields);
    return JSON.parse(lines[0]!) as Record<string, unknown>;
  }

  test('a failed query keeps neither its statement nor its parameters, in the message or the stack', () => {
    const error = new Error(
      'Failed query: select * from customers where email = $1\nparams: shopper@example.com',
      {
        cause: new Error('invalid byte sequence for encoding "UTF8": 0x00'),
      },
    );
    const record = logged({ error });
    const text = JSON.stringify(record);
    expect(text).not.toContain('shopper@example.com');
    expect(text).not.toContain('select');
    expect(record.error).toMatchObject({
      message: 'Failed query (statement and parameters withheld)',
      cause: { message: 'invalid byte sequence for encoding "UTF8": 0x00' },
    });
    expect((record.error as { stack: string }).stack).toMatch(/^Error: Failed query \(statement/);
  });

  test('e-mail addresses in string fields are masked', () => {
    expect(logged({ to: 'shopper@example.com', count: 3 })).toMatchObject({ to: '[email]', count: 3 });
  });
});
