import { describe, expect, test } from 'vitest';
import { browserCookieAssignment, COOKIES } from '../../../server/web/cookie-registry';
import { hasScriptsCookie, scriptsCookieAssignment } from './personal-state';

describe('the scripts cookie written after hydration', () => {
  test.each([false, true])('agrees with the cookie registry (secure: %s)', (secure) => {
    expect(scriptsCookieAssignment(secure)).toBe(browserCookieAssignment(COOKIES.scripts, '1', { secure }));
  });

  test.each([
    ['', false],
    ['js=1', true],
    ['consent=C0001; js=1', true],
    ['js=0', false],
    ['xjs=1', false],
  ])('%j carries it: %s', (cookies, expected) => {
    expect(hasScriptsCookie(cookies)).toBe(expected);
  });
});
