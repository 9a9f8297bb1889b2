import { describe, expect, it } from 'vitest';
import { NO_FLAGS } from '../../../server/customers/index.server';
import { proStanding } from './pro-status';

describe('proStanding (SPEC §3 flags → where a shopper stands with the pro program)', () => {
  const withFlags = (flags: Partial<typeof NO_FLAGS>) => ({ flags: { ...NO_FLAGS, ...flags } });
  it.each([
    ['nobody signed in', null, { kind: 'anonymous' }],
    ['a consumer who never applied', withFlags({}), { kind: 'none' }],
    ['a pro user', withFlags({ proUser: true }), { kind: 'member', aboutToExpire: false }],
    [
      'an approved application',
      withFlags({ proProgramApplicationStatus: 'approved' }),
      { kind: 'member', aboutToExpire: false },
    ],
    [
      'a member whose approval is about to expire',
      withFlags({ proUser: true, isApplicationAboutToExpire: true }),
      { kind: 'member', aboutToExpire: true },
    ],
    ['a pending application', withFlags({ proProgramApplicationStatus: 'pending' }), { kind: 'pending' }],
    ['a rejected application', withFlags({ proProgramApplicationStatus: 'rejected' }), { kind: 'rejected' }],
    [
      'a shed-app user without a pro application',
      withFlags({ shedUser: true, shedApplicationStatus: 'approved' }),
      { kind: 'none' },
    ],
  ])('%s', (_name, profile, expected) => {
    expect(proStanding(profile)).toEqual(expected);
  });
});
