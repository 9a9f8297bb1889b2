/**
 * The shopper's cookie consent (OneTrust-style groups), kept in the first-party cookie `consent` as
 * `C0001:1,C0002:0,C0003:0,C0004:0`. Pure: the cookie-settings route (server) and the ConsentManager and event
 * layer (browser) read and write it through these functions. Without a stored choice only the strictly
 * necessary group is on (opt-in; docs/decisions/009-analytics-and-consent.md).
 */

export const CONSENT_COOKIE = 'consent';
/** A year, in seconds: the choice is asked again after that. */
export const CONSENT_MAX_AGE = 365 * 24 * 60 * 60;

/**
 * The groups' ids alone: the browser's scripts read and write the cookie without the groups' copy (consent-groups.ts,
 * the cookie-settings page's own module: in this one it went to every page's shell, decision 063).
 */
const GROUP_IDS = ['C0001', 'C0002', 'C0003', 'C0004'] as const;

export type ConsentGroupId = (typeof GROUP_IDS)[number];
export type Consent = Record<ConsentGroupId, boolean>;

export const PERFORMANCE_GROUP: ConsentGroupId = 'C0002';

const isGroupId = (id: string): id is ConsentGroupId => (GROUP_IDS as readonly string[]).includes(id);

/** No stored choice: strictly necessary only. */
export const DEFAULT_CONSENT: Consent = { C0001: true, C0002: false, C0003: false, C0004: false };

/** Reads the cookie's value; unknown groups and malformed pairs are ignored, C0001 is always on. */
export function parseConsent(value: string | null | undefined): Consent {
  const consent: Consent = { ...DEFAULT_CONSENT };
  for (const pair of (value ?? '').split(',')) {
    const [id, flag] = pair.trim().split(':');
    if (id && isGroupId(id) && (flag === '1' || flag === '0')) consent[id] = flag === '1';
  }
  consent.C0001 = true;
  return consent;
}

export function serializeConsent(consent: Consent): string {
  return GROUP_IDS.map((id) => `${id}:${id === 'C0001' || consent[id] ? 1 : 0}`).join(',');
}

/** The value of one cookie in a `Cookie` header or `document.cookie`, decoded; undefined when absent. */
export function readCookie(cookieHeader: string | null | undefined, name: string): string | undefined {
  for (const pair of (cookieHeader ?? '').split(';')) {
    const index = pair.indexOf('=');
    if (index < 0) continue;
    if (pair.slice(0, index).trim() !== name) continue;
    const raw = pair.slice(index + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return undefined;
}

/** The consent carried by a `Cookie` header or `document.cookie`. */
export function consentFromCookies(cookieHeader: string | null | undefined): Consent {
  return parseConsent(readCookie(cookieHeader, CONSENT_COOKIE));
}

/** Whether the shopper allowed analytics (C0002) in this cookie string. */
export function allowsPerformance(cookieHeader: string | null | undefined): boolean {
  return consentFromCookies(cookieHeader)[PERFORMANCE_GROUP];
}
