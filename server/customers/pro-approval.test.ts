import { describe, expect, test } from 'vitest';
import { groupAfterProApproval, type GroupForApproval } from './pro-approval';

const group = (id: number, name: string, percent: number | null): GroupForApproval => ({
  id,
  name,
  discountMethod: percent === null ? null : 'percent',
  discountAmount: percent ?? 0,
});

const pro = group(2, 'Pro Program', 30);

describe('the group of an approved pro application', () => {
  test.each([
    ['no group', null, 2],
    ['Consumer (no discount)', group(1, 'Consumer', null), 2],
    ['a smaller discount group (VIP 10)', group(7, 'VIP 10', 10), 2],
    ['a government group at 15%', group(5, 'GovX Military', 15), 2],
    ['already in the pro group', pro, 2],
    ['an associate group at the same 30%', group(8, 'Gore Associate', 30), 8],
    ['an associate group at 40%', group(9, 'Sitka Associate', 40), 9],
    ['a fixed-amount group (not a percentage)', { ...group(10, 'Fixed', 50), discountMethod: 'fixed' }, 2],
  ] as const)('%s → group %i', (_what, current, expected) => {
    expect(groupAfterProApproval(current, pro)).toBe(expected);
  });
});
