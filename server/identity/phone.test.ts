import { describe, expect, test } from 'vitest';
import { formatPhone, PHONE_PATTERN } from './phone';

describe('progressive phone formatting (SPEC §5)', () => {
  test.each([
    ['', ''],
    ['4', '(4'],
    ['40', '(40'],
    ['406', '(406'],
    ['4065', '(406)-5'],
    ['406555', '(406)-555'],
    ['4065550', '(406)-555-0'],
    ['4065550101', '(406)-555-0101'],
    ['40655501019999', '(406)-555-0101'],
    ['(406)-555-0101', '(406)-555-0101'],
    ['406.555.0101', '(406)-555-0101'],
    ['+1 406 555', '(140)-655-5'],
    ['abc', ''],
    ['(406)-55', '(406)-55'],
  ])('%j → %j', (input, expected) => {
    const formatted = formatPhone(input);
    expect(formatted).toBe(expected);
    expect(formatted.length).toBeLessThanOrEqual(14);
  });

  test.each([
    ['(406)-555-0101', true],
    ['(406)-555-010', false],
    ['406-555-0101', false],
    ['(406) 555-0101', false],
  ])('%j matches the stored format: %s', (value, expected) => {
    expect(PHONE_PATTERN.test(value)).toBe(expected);
  });
});
