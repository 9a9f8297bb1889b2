/**
 * Issue 27's staff and gift-card probe (test/hostile/staff-probe.ts, the steps `npm run security` sends to a running
 * store) against the production build in-process: every step gets the answer it expects, none a 5xx, and the app
 * logs no error. The repair-desk-only account is made through the staff service, as `npm run staff -- add` makes it.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { DEMO_PASSWORD, DEMO_STAFF_USER } from '../../server/db/seed/demo-accounts';
import { startHttpApp, type RunningApp } from '../helpers/http-app';
import { runStaffProbe } from '../hostile/staff-probe';

let app: RunningApp;
const DESK = { email: 'desk@example.com', password: 'desk-password-2026' };

beforeAll(async () => {
  app = await startHttpApp();
  await app.services.staff.accounts.add({ ...DESK, roles: ['repairs'] });
});

afterAll(async () => {
  await app?.close();
});

test('every staff and send-date step gets its answer, none a 5xx', async () => {
  const steps = await runStaffProbe(app.origin, {
    staff: { email: DEMO_STAFF_USER.email, password: DEMO_PASSWORD },
    desk: DESK,
  });
  expect(steps.length).toBe(24);
  expect(
    steps
      .filter((step) => step.complaints.length > 0)
      .map((step) => `${step.name}: ${step.complaints.join('; ')}`),
  ).toEqual([]);
  expect(steps.filter((step) => step.status >= 500)).toEqual([]);
  const logged = app.takeErrors();
  expect(logged, `the app logged errors:\n${logged.join('\n')}`).toEqual([]);
});
