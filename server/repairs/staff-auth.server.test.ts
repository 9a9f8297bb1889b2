import { describe, expect, test } from 'vitest';
import { isStaffAuthorization } from './staff-auth.server';

const basic = (text: string) => `Basic ${Buffer.from(text).toString('base64')}`;

describe('isStaffAuthorization', () => {
  test.each([
    ['the staff user and password', basic('staff:correct-horse-1'), true],
    ['lower-case scheme', basic('staff:correct-horse-1').replace('Basic', 'basic'), true],
    ['a wrong password', basic('staff:correct-horse-2'), false],
    ['another user', basic('admin:correct-horse-1'), false],
    ['no colon', basic('staffcorrect-horse-1'), false],
    ['a bearer token', 'Bearer abc', false],
    ['nothing', null, false],
    ['garbage', 'Basic !!!', false],
  ])('%s', (_name, header, expected) => {
    expect(isStaffAuthorization(header, 'correct-horse-1')).toBe(expected);
  });
});
