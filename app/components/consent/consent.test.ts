import { describe, expect, it } from 'vitest';
import {
  allowsPerformance,
  consentFromCookies,
  DEFAULT_CONSENT,
  parseConsent,
  readCookie,
  serializeConsent,
} from './consent';
import { CONSENT_GROUPS } from './consent-groups';

describe('parseConsent', () => {
  it.each([
    [undefined, DEFAULT_CONSENT],
    ['', DEFAULT_CONSENT],
    ['C0001:1,C0002:1,C0003:0,C0004:1', { C0001: true, C0002: true, C0003: false, C0004: true }],
    ['C0002:1', { C0001: true, C0002: true, C0003: false, C0004: false }],
    ['C0001:0,C0002:0', DEFAULT_CONSENT],
    ['C0002:yes,C0009:1,garbage', DEFAULT_CONSENT],
    [' C0003:1 , C0004:1 ', { C0001: true, C0002: false, C0003: true, C0004: true }],
  ])('%j → %j', (value, expected) => {
    expect(parseConsent(value)).toEqual(expected);
  });
});

describe('serializeConsent', () => {
  it('writes every group in order, C0001 always on, and reads back the same', () => {
    const value = serializeConsent({ C0001: false, C0002: true, C0003: false, C0004: true });
    expect(value).toBe('C0001:1,C0002:1,C0003:0,C0004:1');
    expect(parseConsent(value)).toEqual({ C0001: true, C0002: true, C0003: false, C0004: true });
  });
});

describe('reading the cookie', () => {
  it.each([
    ['consent=C0001%3A1%2CC0002%3A1; cart=x', true],
    ['cart=x; consent=C0001:1,C0002:1', true],
    ['consent=C0001:1,C0002:0', false],
    ['myconsent=C0002:1', false],
    ['', false],
  ])('%j allows performance: %s', (cookies, expected) => {
    expect(allowsPerformance(cookies)).toBe(expected);
  });

  it('finds one cookie by exact name and decodes it', () => {
    expect(readCookie('a=1; consent=C0002%3A1', 'consent')).toBe('C0002:1');
    expect(readCookie('a=1', 'consent')).toBeUndefined();
    expect(consentFromCookies(null)).toEqual(DEFAULT_CONSENT);
  });
});

describe('the groups the settings page shows', () => {
  it('are the groups the cookie carries, in its order', () => {
    const inCookie = serializeConsent(DEFAULT_CONSENT)
      .split(',')
      .map((pair) => pair.split(':')[0]);
    expect(CONSENT_GROUPS.map((group) => group.id)).toEqual(inCookie);
    expect(Object.keys(DEFAULT_CONSENT)).toEqual(inCookie);
  });
});
