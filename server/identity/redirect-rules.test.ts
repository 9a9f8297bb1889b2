import { describe, expect, test } from 'vitest';
import { redirectAfterSignIn, type RedirectCustomer } from './redirect-rules';

const consumer: RedirectCustomer = { shedUser: false, isGovX: false };
const shed: RedirectCustomer = { shedUser: true, isGovX: false };
const govx: RedirectCustomer = { shedUser: false, isGovX: true };

describe('redirect after sign-in (SPEC §2, §6)', () => {
  test.each([
    // [from, customer, expected target, reason]
    ['/?login=true', consumer, '/account/profile', 'account'],
    ['/mens/?login=true', consumer, '/account/profile', 'account'],
    ['/?login=true', govx, '/account/profile', 'govx'],
    ['/products/alpine-jacket/black?login=true', govx, '/account/profile', 'govx'],
    ['/?login=true', shed, '/training', 'shed'],
    ['/mens/jackets/?login=true', shed, '/training', 'shed'],
    ['/products/alpine-jacket/black?login=true', shed, '/products/alpine-jacket/black', 'shed-stays'],
    ['/warranties/repair?login=true&step=2', shed, '/warranties/repair?step=2', 'shed-stays'],
    ['/pro-program?redirect=true&login=true', consumer, '/pro-program/apply/', 'pro-program'],
    ['/pro-program/?redirect=true', shed, '/pro-program/apply/', 'pro-program'],
    ['/pro-program?login=true', consumer, '/account/profile', 'account'],
    ['/pro-program?redirect=false', consumer, '/account/profile', 'account'],
    ['/warranties?redirect=true', consumer, '/warranties/repair/order-history?new_repair=true', 'warranties'],
    [
      '/warranties/repair?redirect=true',
      govx,
      '/warranties/repair/order-history?new_repair=true',
      'warranties',
    ],
    ['/training?redirect=true', consumer, '/training', 'training'],
    ['/training?login=true', consumer, '/account/profile', 'account'],
    ['/?login=true&redirectUrl=%2Fcheckout%3Fcart%3D1', consumer, '/checkout?cart=1', 'checkout'],
    ['/?redirectUrl=/checkout', shed, '/checkout', 'checkout'],
    // A redirectUrl to another origin is ignored, never followed.
    ['/?redirectUrl=https://evil.example/', consumer, '/account/profile', 'account'],
    ['/?redirectUrl=//evil.example/', consumer, '/account/profile', 'account'],
    ['/?redirectUrl=/%2F%2Fevil.example', consumer, '/account/profile', 'account'],
    [
      '/warranties/repaircheckoutpayment/12?login=true',
      consumer,
      '/warranties/repaircheckoutpayment/12',
      'close-drawer',
    ],
    [
      '/warranties/repaircheckoutpayment/12?login=true',
      shed,
      '/warranties/repaircheckoutpayment/12',
      'close-drawer',
    ],
    // A hostile `from` is treated as the home page.
    ['https://evil.example/pro-program?redirect=true', shed, '/training', 'shed'],
    ['//evil.example/?login=true', consumer, '/account/profile', 'account'],
  ] as const)('from %s (%o) → %s', (from, customer, to, reason) => {
    expect(redirectAfterSignIn(from, customer)).toEqual({ to, reason });
  });
});
