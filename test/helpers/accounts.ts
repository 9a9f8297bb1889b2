/**
 * A new, verified customer account for an end-to-end test, made over HTTP the way a person makes one: the sign-up
 * form, the verification mail in the mail viewer (`/mail`, which answers requests from this machine), the
 * verification form. Tests that change an account (its profile, addresses, cart) make their own, so they depend on
 * no demo account's state and no other test's.
 *
 *   const account = await createAccount(playwright.request, baseURL);           // a consumer
 *   const associate = await createAccount(playwright.request, baseURL, { domain: 'gore.com' });  // Gore Associate
 */
import type { APIRequestContext, APIResponse } from '@playwright/test';
import { clientAddress, type Credentials } from './sign-in';

export type NewAccount = Credentials & { firstName: string; lastName: string; phone: string };

type RequestFactory = { newContext(options: { baseURL: string }): Promise<APIRequestContext> };

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function expectOk(step: string, response: APIResponse) {
  if (!response.ok())
    throw new Error(`${step}: ${response.status()} ${(await response.text()).slice(0, 500)}`);
}

export async function createAccount(
  request: RequestFactory,
  baseURL: string,
  /** `email`: the account's address (default: a new one at `domain`, example.com unless given). */
  options: { domain?: string; firstName?: string; email?: string } = {},
): Promise<NewAccount> {
  const context = await request.newContext({ baseURL });
  try {
    const unique = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e9).toString(36)}`;
    const account: NewAccount = {
      email: options.email ?? `account-${unique}@${options.domain ?? 'example.com'}`,
      password: 'Ridge#Line2026',
      firstName: options.firstName ?? 'Robin',
      lastName: 'Tracker',
      phone: '(406)-555-0177',
    };
    await expectOk(
      'sign-up',
      await context.post('/api/sign-up', {
        form: {
          first_name: account.firstName,
          last_name: account.lastName,
          email: account.email,
          phonenumber: account.phone,
          password: account.password,
          confpassword: account.password,
        },
        headers: { 'X-Forwarded-For': clientAddress() },
      }),
    );
    // The mail viewer answers this machine: no forwarded address.
    const outbox = await context.get('/mail');
    await expectOk('mail viewer', outbox);
    const listed = new RegExp(
      `href="(/mail/\\d+)"[^>]*>\\s*Verify your Cairn Outdoor account — to ${escapeRegExp(account.email)}`,
    ).exec((await outbox.text()).replaceAll('<!-- -->', ''));
    if (!listed) throw new Error(`no verification mail for ${account.email} in the mail viewer`);
    const mail = await context.get(listed[1]!);
    await expectOk('verification mail', mail);
    const token = /\/account\/verify\?token=([A-Za-z0-9_-]+)/.exec(await mail.text())?.[1];
    if (!token) throw new Error(`no verification link in the mail to ${account.email}`);
    await expectOk(
      'verification',
      await context.post(`/account/verify?token=${token}`, {
        form: { token },
        headers: { 'X-Forwarded-For': clientAddress() },
      }),
    );
    return account;
  } finally {
    await context.dispose();
  }
}
