import { describe, expect, test } from 'vitest';
import { setJsonCookieHeader } from '../web/cookies.server';
import {
  clearRepairUserInfo,
  readRepairUserInfo,
  repairUserInfoCookie,
  type RepairUserInfo,
} from './repair-user-info.server';

const options = { secure: false, keys: ['s'.repeat(40)] as const };
const info: RepairUserInfo = {
  first_name: 'Casey',
  last_name: "O'Neil",
  phone: '(406)-555-0142',
  email: 'casey@example.com',
  address1: '1 Elk Ridge Road',
  address2: '',
  city: 'Bozeman',
  country: 'US',
  postal_code: '59715',
  state_or_province: 'MT',
};

/** The `name=value` pair a browser sends back for a Set-Cookie value. */
const pair = (setCookie: string) => setCookie.split(';')[0]!;

describe('the repair user info cookie', () => {
  test('is HttpOnly, SameSite=Lax, an hour, and reads back as given', () => {
    const cookie = repairUserInfoCookie(info, options);
    expect(cookie).toMatch(/^repair_user_info=/);
    expect(cookie).toContain('Max-Age=3600');
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(readRepairUserInfo(pair(cookie), options)).toEqual(info);
  });

  test('is __Host- prefixed and Secure behind HTTPS', () => {
    const cookie = repairUserInfoCookie(info, { ...options, secure: true });
    expect(cookie).toMatch(/^__Host-repair_user_info=/);
    expect(cookie).toContain('Secure');
    expect(readRepairUserInfo(pair(cookie), { ...options, secure: true })).toEqual(info);
  });

  test.each([
    ['no cookie', null],
    ['another key', pair(repairUserInfoCookie(info, { ...options, keys: ['t'.repeat(40)] }))],
    ['an altered value', pair(repairUserInfoCookie(info, options)).replace(/.(\.[^.]+)$/, 'x$1')],
    ['another shape', pair(setJsonCookieHeader('repairUserInfo', { first_name: 'Casey' }, options))],
    [
      'a country we do not ship to',
      pair(setJsonCookieHeader('repairUserInfo', { ...info, country: 'FR' }, options)),
    ],
    [
      'an overlong name',
      pair(setJsonCookieHeader('repairUserInfo', { ...info, first_name: 'x'.repeat(51) }, options)),
    ],
  ])('reads as none with %s', (_what, header) => {
    expect(readRepairUserInfo(header, options)).toBeNull();
  });

  test('refuses to write what it would not read', () => {
    expect(() => repairUserInfoCookie({ ...info, country: 'FR' as 'US' }, options)).toThrow();
  });

  test('is cleared', () => {
    expect(clearRepairUserInfo(options)).toEqual([expect.stringMatching(/^repair_user_info=; Max-Age=0/)]);
  });
});
