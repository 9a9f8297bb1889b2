import { describe, expect, test } from 'vitest';
import { logoutLinkDecision, type LogoutLinkRequest } from './logout-link';

const ORIGIN = 'https://store.example';
const base: LogoutLinkRequest = {
  signedIn: true,
  secFetchSite: null,
  purpose: null,
  referer: null,
  origin: ORIGIN,
};

describe('?logout from an address (decision 047)', () => {
  test.each([
    // [what, request, decision]
    ['typed or bookmarked', { secFetchSite: 'none' }, 'sign-out'],
    ['a link on one of our pages', { secFetchSite: 'same-origin' }, 'sign-out'],
    ['upper case header', { secFetchSite: 'Same-Origin' }, 'sign-out'],
    ['a link on another site', { secFetchSite: 'cross-site' }, 'confirm'],
    ['a sibling subdomain', { secFetchSite: 'same-site' }, 'confirm'],
    ['another site even with our referer', { secFetchSite: 'cross-site', referer: `${ORIGIN}/` }, 'confirm'],
    ['a prefetch from our page', { secFetchSite: 'same-origin', purpose: 'prefetch' }, 'confirm'],
    ['a prerender', { secFetchSite: 'none', purpose: 'prefetch;prerender' }, 'confirm'],
    ['no metadata, our referer', { referer: `${ORIGIN}/mens/` }, 'sign-out'],
    ['no metadata, another referer', { referer: 'https://evil.example/' }, 'confirm'],
    ['no metadata, look-alike referer', { referer: 'https://store.example.evil.example/' }, 'confirm'],
    ['no metadata, broken referer', { referer: 'not a url' }, 'confirm'],
    ['no metadata, no referer', {}, 'confirm'],
    ['nobody signed in', { signedIn: false, secFetchSite: 'none' }, 'none'],
    ['nobody signed in, cross-site', { signedIn: false, secFetchSite: 'cross-site' }, 'none'],
  ] as const)('%s → %s', (_what, overrides, decision) => {
    expect(logoutLinkDecision({ ...base, ...overrides })).toBe(decision);
  });
});
