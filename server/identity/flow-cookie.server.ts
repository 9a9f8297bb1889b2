/**
 * The store's `signin_flow` cookie: the provider flow between the two sign-in steps (its jar and PKCE verifier, the
 * e-mail, and what the panel shows), sealed with the store's secret.
 */
import {
  clearCookieHeaders,
  parseCookieHeader,
  readCookie,
  setCookieHeader,
  type CookieOptions,
} from '../web/cookies.server';
import type { SignInFlow } from './client.server';
import { seal, unseal } from './seal.server';

/** The flow as the store keeps it: the client's flow, plus the lockout end the provider announced. */
export type StoredFlow = SignInFlow & { lockedUntil?: number };

const FLOW_PURPOSE = 'signin-flow';

export type FlowCookie = ReturnType<typeof flowCookie>;

export function flowCookie(cookies: CookieOptions) {
  return {
    read: (cookieHeader: string | null): StoredFlow | null =>
      unseal<StoredFlow>(
        cookies.keys[0],
        FLOW_PURPOSE,
        readCookie(parseCookieHeader(cookieHeader), 'signInFlow', cookies),
      ),
    write: (flow: StoredFlow) =>
      setCookieHeader('signInFlow', seal(cookies.keys[0], FLOW_PURPOSE, flow), cookies),
    clear: () => clearCookieHeaders('signInFlow', cookies),
  };
}

export function errorName(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}
