import { describe, expect, test } from 'vitest';
import { ANONYMOUS, type Viewer } from '../viewer/index.server';
import { getsSharedCopy } from './request-context.server';

describe('getsSharedCopy', () => {
  const cartId = '0b6f3c2e-8d1a-4c55-9a43-2f1e7d9c0a11';
  const customer = {
    id: 7,
    groupId: 2,
    groupName: 'Pro',
    isGovX: false,
    flags: { promoOrder: false, proUser: true, shedUser: false, dnsFlag: false },
  };
  test.each<[string, string | undefined, Partial<Viewer>, boolean]>([
    ['anonymous, no cookies', undefined, {}, true],
    ['anonymous with consent and analytics cookies', 'consent=C0002; _ga=1', {}, true],
    ['a cart without scripts', 'cart=x', { cartId }, false],
    ['a cart, scripts run', 'cart=x; js=1', { cartId, runsScripts: true }, true],
    ['signed in without scripts', 'customer_token=t', { customer }, false],
    [
      'signed in, scripts run, a pro price list',
      'customer_token=t; js=1',
      { customer, priceList: 'p2', runsScripts: true },
      true,
    ],
    ['a forged cart cookie reads as no cart', 'cart=forged', {}, true],
    ['a flash message', 'flash=x; js=1', { runsScripts: true }, false],
    ['a flash message behind HTTPS', '__Host-flash=x', {}, false],
  ])('%s', (_label, header, viewer, expected) => {
    expect(getsSharedCopy(header, { ...ANONYMOUS, ...viewer })).toBe(expected);
  });
});
