/**
 * Signs a Playwright browser context (or its `request`) in as a customer, through the store's own two-step
 * sign-in over HTTP (the same actions the panel posts to), so that tests of other features start signed in in
 * one call. The cookies land in the context: pages opened from it are the customer's.
 *
 *   import { signIn } from '../helpers/sign-in';
 *   await signIn(page.request, 'shed');                 // a demo account (README "Demo accounts")
 *   await signIn(page.request, { email, password });    // an account the test created
 */
import type { APIRequestContext } from '@playwright/test';
import { DEMO_ACCOUNTS, type DemoAccountKind } from '../../server/db/seed/demo-accounts';

export type Credentials = { email: string; password: string };

const octet = () => 1 + Math.floor(Math.random() * 254);

/**
 * A random client address for `X-Forwarded-For` (the e2e server trusts it), so a test's posts count against
 * per-client rate limits of their own, not against what other tests sent.
 */
export function clientAddress(): string {
  return `10.${octet()}.${octet()}.${octet()}`;
}

export function demoAccount(kind: DemoAccountKind): Credentials {
  const account = DEMO_ACCOUNTS.find((candidate) => candidate.kind === kind);
  if (!account) throw new Error(`No demo account of kind ${kind}`);
  return { email: account.email, password: account.password };
}

/**
 * Both steps of the sign-in; resolves to where the store sent the customer (the redirect rules of SPEC §2, from
 * `from`, by default the home page). Throws with the store's message when a step is refused.
 */
export async function signIn(
  request: APIRequestContext,
  who: DemoAccountKind | Credentials,
  options: { from?: string } = {},
): Promise<string> {
  const { email, password } = typeof who === 'string' ? demoAccount(who) : who;
  const headers = { 'X-Forwarded-For': clientAddress() };
  const emailStep = await request.post('/api/sign-in/email', { form: { email }, headers });
  if (!emailStep.ok())
    throw new Error(`sign-in e-mail step: ${emailStep.status()} ${await emailStep.text()}`);
  const passwordStep = await request.post('/api/sign-in/password', {
    form: { password, from: options.from ?? '/' },
    headers,
    maxRedirects: 0,
  });
  const location = passwordStep.headers()['location'];
  if (passwordStep.status() !== 303 || !location)
    throw new Error(`sign-in password step: ${passwordStep.status()} ${await passwordStep.text()}`);
  return location;
}
