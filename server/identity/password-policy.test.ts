import { describe, expect, test } from 'vitest';
import { passwordProblems } from './password-policy';

const RULES =
  'Please ensure your password is 8 to 20 characters long with one uppercase letter, one lowercase letter, one number and one special character. Allowed special characters are ! @ # $ ( ) [ ] . ,';
const REPEAT = 'Can only repeat the same character 2 times in a row.';
const UNIQUE = 'Must include 5 unique characters.';

describe('the shared password check (SPEC §5)', () => {
  test.each([
    ['', ['*Required']],
    ['Outdoors#2026', []],
    ['Ab1!efgh', []],
    ['Abcdefghijklmnop1!rs', []], // 20 characters
    ['Abcdefghijklmnop1!rst', [RULES]], // 21
    ['Ab1!efg', [RULES]], // 7
    ['outdoors#2026', [RULES]], // no uppercase
    ['OUTDOORS#2026', [RULES]], // no lowercase
    ['Outdoors#Camp', [RULES]], // no digit
    ['Outdoors2026', [RULES]], // no special
    ['Outdoors%2026', [RULES]], // % is not an allowed special
    ['Outdoors 2026!', [RULES]], // nor is a space
    ['Ab1(x)[y].,z', []], // every allowed special
    ['Abbb1!cde', [REPEAT]],
    ['Ab1!cdeee', [REPEAT]],
    ['Aab1!cdd', []], // runs of two are fine
    ['Aa1!Aa1!', [UNIQUE]],
    ['aaa', [RULES, REPEAT, UNIQUE]],
  ])('%j → %j', (password, expected) => {
    expect(passwordProblems(password)).toEqual(expected);
  });
});
