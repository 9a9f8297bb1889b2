import { describe, expect, test } from 'vitest';
import { CUSTOMER_GROUPS } from './customer-groups';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './demo-accounts';

/** SPEC §5 password policy, restated here so the demo password is checked against the spec itself. */
function meetsPasswordPolicy(password: string): boolean {
  const allowedSpecial = /[!@#$()[\].,]/;
  return (
    password.length >= 8 &&
    password.length <= 20 &&
    /[A-Z]/.test(password) &&
    /[a-z]/.test(password) &&
    /\d/.test(password) &&
    allowedSpecial.test(password) &&
    !/(.)\1\1/.test(password) &&
    new Set(password).size >= 5
  );
}

describe('demo accounts', () => {
  test('the demo password meets the password policy', () => {
    expect(meetsPasswordPolicy(DEMO_PASSWORD)).toBe(true);
    expect(meetsPasswordPolicy('aaaBbb1!')).toBe(false);
    expect(DEMO_ACCOUNTS.every((account) => account.password === DEMO_PASSWORD)).toBe(true);
  });

  test('one account of each kind, in an existing group, with a (123)-456-7890 phone', () => {
    expect(DEMO_ACCOUNTS.map((account) => [account.email, account.kind])).toEqual([
      ['consumer@example.com', 'consumer'],
      ['pro@example.com', 'pro'],
      ['associate@gore.com', 'gore-associate'],
      ['associate@sitkagear.com', 'sitka-associate'],
      ['shed@example.com', 'shed'],
      ['promo@example.com', 'promo'],
      ['approver@example.com', 'promo-approver'],
      ['govx@example.com', 'govx'],
      ['vip@example.com', 'vip'],
    ]);
    const groups = new Set(CUSTOMER_GROUPS.map((group) => group.name));
    for (const account of DEMO_ACCOUNTS) {
      expect(groups.has(account.group)).toBe(true);
      expect(account.phone).toMatch(/^\(\d{3}\)-\d{3}-\d{4}$/);
    }
  });

  test('flags and groups match the kinds', () => {
    const byKind = Object.fromEntries(DEMO_ACCOUNTS.map((account) => [account.kind, account]));
    expect(byKind.pro?.flags.proUser).toBe(true);
    expect(byKind['gore-associate']).toMatchObject({ group: 'Gore Associate', flags: { proUser: true } });
    expect(byKind['sitka-associate']).toMatchObject({ group: 'Sitka Associate', flags: { proUser: true } });
    expect(byKind.shed?.flags.shedUser).toBe(true);
    expect(byKind.promo?.flags.promoOrder).toBe(true);
    expect(byKind['promo-approver']?.flags).toEqual({ promoApprover: true });
    const govx = CUSTOMER_GROUPS.find((group) => group.name === byKind.govx?.group);
    expect(govx?.isGovXUser).toBe(true);
    const vip = CUSTOMER_GROUPS.find((group) => group.name === byKind.vip?.group);
    expect(vip).toMatchObject({ discountMethod: 'percent', discountAmount: 10 });
  });
});
