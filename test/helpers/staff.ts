/**
 * Signs a Playwright browser context (or its `request`) in as a staff user through `/staff/sign-in` (decision 088),
 * so that the staff screens open signed in; and the HTTP Basic header a script would send instead.
 *
 *   import { DEMO_STAFF, signInStaff, staffBasic } from '../helpers/staff';
 *   await signInStaff(desk.request);                    // the demo staff user (README "Demo accounts")
 *   await page.request.post(url, { headers: { Authorization: staffBasic() } });
 */
import { expect, type APIRequestContext } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_STAFF_USER } from '../../server/db/seed/demo-accounts';
import type { Credentials } from './sign-in';

/** The seeded demo staff user: every role. */
export const DEMO_STAFF: Credentials = { email: DEMO_STAFF_USER.email, password: DEMO_PASSWORD };

export async function signInStaff(request: APIRequestContext, who: Credentials = DEMO_STAFF): Promise<void> {
  const response = await request.post('/staff/sign-in', {
    form: { intent: 'sign-in', email: who.email, password: who.password },
    maxRedirects: 0,
  });
  expect(response.status(), await response.text()).toBe(303);
}

export function staffBasic(who: Credentials = DEMO_STAFF): string {
  return `Basic ${Buffer.from(`${who.email}:${who.password}`).toString('base64')}`;
}
