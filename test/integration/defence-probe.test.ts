/**
 * Issue 27's lockout, promotional-order ids and provider-limit probe (test/hostile/defence-probe.ts, the steps
 * `npm run security` sends last to a running store) against the production build in-process: every step gets the
 * answer it expects, none a 5xx, and the app logs no error.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { DEMO_ACCOUNTS } from '../../server/db/seed/demo-accounts';
import { startHttpApp, type RunningApp } from '../helpers/http-app';
import { runDefenceProbe } from '../hostile/defence-probe';

let app: RunningApp;
const account = (kind: string) => {
  const found = DEMO_ACCOUNTS.find((candidate) => candidate.kind === kind)!;
  return { email: found.email, password: found.password };
};

beforeAll(async () => {
  app = await startHttpApp();
});

afterAll(async () => {
  await app?.close();
});

test('the lockout holds under 25 concurrent guesses, the ids answer 400, the provider check is limited', async () => {
  const { steps, requests } = await runDefenceProbe(app.origin, {
    customer: account('consumer'),
    promo: account('promo'),
    approver: account('promo-approver'),
  });
  expect(steps.length).toBe(5);
  expect(requests).toBeGreaterThan(50);
  expect(
    steps
      .filter((step) => step.complaints.length > 0)
      .map((step) => `${step.name}: ${step.complaints.join('; ')}`),
  ).toEqual([]);
  const logged = app.takeErrors();
  expect(logged, `the app logged errors:\n${logged.join('\n')}`).toEqual([]);
});
