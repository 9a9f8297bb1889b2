/**
 * Signs a demo customer in for end-to-end tests by setting the viewer's cookies, signed with the server's own
 * secret (from the e2e data directory), until the identity issue's sign-in lands and tests can go through it.
 * Demo accounts get their ids in seed order (server/db/seed: DEMO_ACCOUNTS, serial ids from 1); the tests check
 * the name the wizard pre-fills, so a change of order fails loudly.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext } from '@playwright/test';
import { DEMO_ACCOUNTS } from '../../server/db/seed/demo-accounts';
import { signInCookies } from '../../server/viewer/index.server';
import { e2eDataDir } from '../helpers/e2e-data-dir';

function sessionSecret(): string {
  const file = path.join(e2eDataDir(), 'secrets.json');
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { sessionSecret: string }).sessionSecret;
}

export function demoAccount(email: string) {
  const index = DEMO_ACCOUNTS.findIndex((account) => account.email === email);
  if (index < 0) throw new Error(`No demo account ${email}`);
  return { ...DEMO_ACCOUNTS[index]!, id: index + 1 };
}

export async function signIn(context: BrowserContext, baseURL: string, email: string) {
  const account = demoAccount(email);
  const headers = signInCookies(
    {
      token: `e2e-${account.id}`,
      customer: {
        id: account.id,
        groupId: null,
        groupName: null,
        isGovX: false,
        flags: { promoOrder: false, proUser: false, shedUser: false, dnsFlag: false },
      },
      priceList: 'retail',
      now: new Date(),
    },
    { secure: false, secret: sessionSecret() },
  );
  const url = new URL(baseURL);
  await context.addCookies(
    headers
      .map((header) => header.split(';', 1)[0]!)
      .map((pair) => {
        const at = pair.indexOf('=');
        return { name: pair.slice(0, at), value: pair.slice(at + 1), domain: url.hostname, path: '/' };
      })
      .filter((cookie) => cookie.value !== ''),
  );
  return account;
}
