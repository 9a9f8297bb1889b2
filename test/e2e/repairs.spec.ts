import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page, TestInfo } from '@playwright/test';
import { expect, hasJavaScript, test } from './fixtures';
import { clientAddress, demoAccount, signIn } from '../helpers/sign-in';
import { signInStaff, staffBasic } from '../helpers/staff';
import { DEMO_ACCOUNTS } from '../../server/db/seed/demo-accounts';

/**
 * Issue 13: the warranty repair wizard with JavaScript and without. A signed-in customer sees steps 2 and 3
 * disabled (and their URLs redirect) until reachable, picks a product of their order history, adds a damage with
 * two photos, reviews and submits, and sees the repair in their list. Each project uses its own demo account and
 * starts by clearing any draft a failed attempt left, so retries and the two projects never share a draft.
 */
test.describe.configure({ timeout: 120_000 });

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const ACCOUNT = { js: 'consumer', 'no-js': 'shed' } as const;

async function expectNoAxeViolations(
  page: Page,
  browser: Browser,
  testInfo: TestInfo,
  httpCredentials?: { username: string; password: string },
) {
  let subject = page;
  let close = async () => {};
  if (!hasJavaScript(testInfo.project.name)) {
    // axe runs in the page: open the server-rendered document again with scripts allowed but the app's blocked.
    const context = await browser.newContext({ javaScriptEnabled: true, httpCredentials });
    await context.addCookies(await page.context().cookies());
    subject = await context.newPage();
    await subject.route('**/*', (route) =>
      route.request().resourceType() === 'script' ? route.abort() : route.continue(),
    );
    await subject.goto(page.url());
    close = () => context.close();
  }
  try {
    const results = await new AxeBuilder({ page: subject }).withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(results.passes.length).toBeGreaterThan(10);
    const report = results.violations.map(
      (violation) =>
        `${violation.id}: ${violation.help} ${violation.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    );
    expect(report, `axe on ${page.url()}`).toEqual([]);
  } finally {
    await close();
  }
}

test('a signed-out shopper is sent to sign in, with the flag that brings them back to the wizard', async ({
  page,
}) => {
  for (const path of [
    '/warranties/repair/order-history',
    '/warranties/repair/damage',
    '/warranties/repair/summary',
  ]) {
    const response = await page.request.get(path, { maxRedirects: 0 });
    expect([path, response.status(), response.headers()['location']]).toEqual([
      path,
      302,
      '/warranties?login=true&redirect=true',
    ]);
  }
  await page.goto('/warranties/repair/damage');
  // The sign-in panel opens there (with JavaScript its flag is then set back to false in the address, SPEC §2).
  await expect(page).toHaveURL(/\/warranties\?login=(true|false)&redirect=true$/);
  await page.goto('/warranties/repair');
  await expect(page.getByRole('link', { name: 'Sign in', exact: true })).toHaveAttribute(
    'href',
    '/warranties?login=true&redirect=true',
  );
  await expect(page.getByRole('link', { name: 'Create an account', exact: true })).toHaveAttribute(
    'href',
    '/warranties/repair?create-an-account=true',
  );
});

test('a customer completes the three steps with two photos, submits, and sees the repair in their list', async ({
  page,
  browser,
}, testInfo) => {
  const js = hasJavaScript(testInfo.project.name);
  // Signed in for real: the two-step sign-in over HTTP with the demo account's password (test/helpers/sign-in.ts).
  const kind = ACCOUNT[js ? 'js' : 'no-js'];
  await signIn(page.request, kind);
  const account = DEMO_ACCOUNTS.find((candidate) => candidate.kind === kind)!;
  const steps = page.getByRole('navigation', { name: 'Repair steps' });

  // A draft left by a failed attempt is cleared first.
  await page.goto('/warranties/repair/order-history');
  const clear = page.getByRole('button', { name: 'Clear draft' });
  if (await clear.isVisible()) {
    await clear.click();
    await expect(page.getByText('Your draft repair has been cleared.')).toBeVisible();
    // Still there once the page without a draft has replaced the form (the status outlives it).
    await expect(clear).toBeHidden();
    await expect(page.getByText('Your draft repair has been cleared.')).toBeVisible();
    await page.goto('/warranties/repair/order-history');
  }

  // Steps 2 and 3 are disabled, and their URLs lead back to step 1.
  await expect(page.getByRole('heading', { name: 'Tell us about your Product' })).toBeVisible();
  await expect(steps.getByText('1. Product')).toHaveAttribute('aria-current', 'step');
  await expect(steps.getByText('2. Damage')).toHaveAttribute('aria-disabled', 'true');
  await expect(steps.getByText('3. Summary')).toHaveAttribute('aria-disabled', 'true');
  await expect(steps.getByRole('link')).toHaveCount(0);
  for (const path of ['/warranties/repair/damage', '/warranties/repair/summary']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/warranties\/repair\/order-history$/);
  }
  await expectNoAxeViolations(page, browser, testInfo);

  // Step 1: the first product of the order history.
  await page.getByRole('radio').first().waitFor();
  const firstProduct = page.getByRole('radio').first();
  const productLabel = (await page
    .locator(`label[for="${await firstProduct.getAttribute('id')}"] strong`)
    .textContent())!;
  await firstProduct.check();
  // The reason comes from the reason-for-request list (issue 13 §6); without one the step is refused.
  const reason = page.getByLabel('Reason for your request');
  await expect(reason.getByRole('option')).toHaveText([
    'Choose a reason',
    'A defect in materials or workmanship (warranty)',
    'Wear and tear',
    'Accidental damage (a tear, burn or snag)',
    'An alteration or a custom fit',
  ]);
  if (js) {
    await page.getByRole('button', { name: 'Continue to Damage' }).click();
    await expect(page.getByText('Please choose a reason for your request from the list.')).toBeVisible();
  }
  await reason.selectOption({ label: 'Wear and tear' });
  await page.getByRole('button', { name: 'Continue to Damage' }).click();
  await expect(page).toHaveURL(/\/warranties\/repair\/damage$/);
  await expect(page.getByRole('heading', { name: 'Detail the Damage' })).toBeVisible();
  await expect(page.getByText(`Product: ${productLabel}`)).toBeVisible();
  await expect(steps.getByRole('link', { name: '1. Product' })).toBeVisible();
  await expect(steps.getByText('3. Summary')).toHaveAttribute('aria-disabled', 'true');
  await page.goto('/warranties/repair/summary');
  await expect(page).toHaveURL(/\/warranties\/repair\/damage$/);

  if (js) {
    // A damage without a description is refused with the message (without JavaScript the browser's own check of
    // the required field stops the post).
    await page.getByLabel('Issue', { exact: true }).selectOption({ label: 'Zipper' });
    await page.getByRole('button', { name: 'Add damage' }).click();
    await expect(page.getByText('Please describe the damage.')).toBeVisible();
  }

  // Step 2: a damage with two photos.
  await page.getByLabel('Issue', { exact: true }).selectOption({ label: 'Zipper' });
  await page.getByLabel('Specific issue (optional)').selectOption({ label: 'Slider broken' });
  await page.getByLabel('Location (optional)').selectOption({ label: 'Chest' });
  await page.getByLabel('Description of the damage').fill('The slider came off the main zipper.');
  await page.getByLabel(/Photos of the damage/).setInputFiles([
    { name: 'zipper-front.png', mimeType: 'image/png', buffer: PNG },
    { name: 'zipper-close.png', mimeType: 'image/png', buffer: PNG },
  ]);
  if (js) {
    // Uploaded through signed URLs before the form is sent.
    await expect(page.getByText('zipper-front.png: ready to attach')).toBeVisible();
    await expect(page.getByText('zipper-close.png: ready to attach')).toBeVisible();
  }
  await page.getByRole('button', { name: 'Add damage' }).click();
  await expect(page.getByText('Damage added.')).toBeVisible();
  const photos = page.getByRole('list', { name: 'Photos of damage 1' });
  await expect(photos.getByRole('img')).toHaveCount(2);
  await expect(photos.getByRole('img', { name: 'zipper-front.png' })).toBeVisible();
  await expect(page.getByText('Damage 1: Zipper · Slider broken · Chest')).toBeVisible();
  // The status is still there after the revalidated list arrived (it used to vanish with the form's remount), and
  // the form is empty again for another damage.
  await expect(page.getByText('Damage added.')).toBeVisible();
  await expect(page.getByLabel('Description of the damage')).toHaveValue('');
  await expect(page.getByLabel('Issue', { exact: true })).toHaveValue('');
  await expect(page.getByText(/ready to attach/)).toHaveCount(0);
  await expectNoAxeViolations(page, browser, testInfo);

  // Step 3 is reachable now.
  await steps.getByRole('link', { name: '3. Summary' }).waitFor();
  await page.getByRole('link', { name: 'Continue to Review' }).click();
  await expect(page).toHaveURL(/\/warranties\/repair\/summary$/);
  await expect(page.getByRole('heading', { name: 'Review your Repair' })).toBeVisible();
  await expect(page.getByText('The slider came off the main zipper.')).toBeVisible();
  await expect(page.getByText('(2 photos)')).toBeVisible();
  await expect(page.getByText('Reason: Wear and tear')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Edit the product' })).toHaveAttribute(
    'href',
    '/warranties/repair/order-history',
  );
  await expect(page.getByRole('link', { name: 'Edit the damages' })).toHaveAttribute(
    'href',
    '/warranties/repair/damage',
  );
  // Pre-filled from the account (SPEC §3).
  await expect(page.getByLabel('First name')).toHaveValue(account.firstName);
  await expect(page.getByLabel('City')).toHaveValue(account.address.city);
  await expectNoAxeViolations(page, browser, testInfo);

  // Unanswered questions are refused (by the browser's check without JavaScript); answered, the repair is submitted.
  if (js) {
    await page.getByRole('button', { name: 'Submit repair' }).click();
    await expect(page.getByText('Please answer this question.').first()).toBeVisible();
  }
  await page
    .getByRole('group', { name: 'Has the product been washed since it was damaged?' })
    .getByLabel('No')
    .check();
  await page
    .getByRole('group', { name: 'Did the damage happen while you were using the product?' })
    .getByLabel('Yes')
    .check();
  await page.getByRole('button', { name: 'Submit repair' }).click();
  await expect(page).toHaveURL(/\/warranties\/repair\?submitted=\d+$/);
  const repairId = new URL(page.url()).searchParams.get('submitted')!;
  await expect(
    page.getByText(`Your repair #${repairId} has been submitted. We will be in touch.`),
  ).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: `#${repairId}` });
  await expect(row).toContainText(productLabel);
  // Columns: repair, product, submitted, status, payment (nothing before a quote).
  await expect(row.getByRole('cell').nth(3)).toHaveText('Submitted');
  await expect(row.getByRole('cell').nth(4)).toHaveText('');
  await expectNoAxeViolations(page, browser, testInfo);

  // The repair desk sees it, with its photos, and moves it on; the customer sees the new status.
  const desk = await browser.newContext({ javaScriptEnabled: js });
  try {
    await signInStaff(desk.request);
    const staff = await desk.newPage();
    await staff.goto('/staff/repairs');
    const card = staff.getByRole('listitem').filter({
      has: staff.getByRole('heading', { name: `Repair #${repairId}: ${productLabel}` }),
    });
    await expect(card.getByText('Status: Submitted')).toBeVisible();
    await expect(card.getByText('Reason: Wear and tear (not covered by the warranty)')).toBeVisible();
    await expect(card.getByRole('img')).toHaveCount(2);
    await expect(card).toContainText(account.email);
    await card.getByRole('button', { name: 'Mark received' }).click();
    await expect(staff.getByText(`Repair #${repairId} is now Received.`)).toBeVisible();
    await expect(card.getByText('Status: Received')).toBeVisible();
    await expect(card.getByRole('button', { name: 'Mark received' })).toBeDisabled();
    await expectNoAxeViolations(staff, browser, testInfo);
  } finally {
    await desk.close();
  }
  await page.goto('/warranties/repair');
  await expect(
    page
      .getByRole('row')
      .filter({ hasText: `#${repairId}` })
      .getByRole('cell')
      .nth(3),
  ).toHaveText('Received');

  // The draft is gone: the wizard starts again at step 1 with steps 2 and 3 disabled.
  await page.goto('/warranties/repair/summary');
  await expect(page).toHaveURL(/\/warranties\/repair\/order-history$/);
  await expect(steps.getByText('2. Damage')).toHaveAttribute('aria-disabled', 'true');
});

test('a draft keeps its reason, and clearing it says so even once the page has no draft left', async ({
  page,
}, testInfo) => {
  const js = hasJavaScript(testInfo.project.name);
  await signIn(page.request, js ? 'sitka-associate' : 'gore-associate');
  await page.goto('/warranties/repair/order-history');
  await page.getByRole('radio').first().check();
  await page
    .getByLabel('Reason for your request')
    .selectOption({ label: 'Accidental damage (a tear, burn or snag)' });
  await page.getByRole('button', { name: 'Continue to Damage' }).click();
  await expect(page).toHaveURL(/\/warranties\/repair\/damage$/);
  await page.goto('/warranties/repair/order-history');
  await expect(page.getByLabel('Reason for your request')).toHaveValue('accidental-damage');
  const clear = page.getByRole('button', { name: 'Clear draft' });
  await clear.click();
  // The form is gone with the draft; its status stays (with JavaScript it used to vanish with the form).
  await expect(clear).toBeHidden();
  await expect(page.getByText('Your draft repair has been cleared.')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Repair steps' }).getByText('2. Damage')).toHaveAttribute(
    'aria-disabled',
    'true',
  );
  // Step 1 no longer shows the cleared draft's product and reason (with JavaScript it kept them until a reload:
  // issue 13, the form was initialised once from the draft the page first had).
  await expect(page.getByRole('radio', { checked: true })).toHaveCount(0);
  await expect(page.getByLabel('Reason for your request')).toHaveValue('');

  // The same for a described product: its fields are emptied with the draft.
  await page.getByRole('radio', { name: 'My product is not listed: I will describe it' }).check();
  await page.getByLabel('Product name').fill('Old waders');
  await page.getByLabel('Color or pattern (optional)').fill('Olive');
  await page.getByLabel('Reason for your request').selectOption({ label: 'Wear and tear' });
  await page.getByRole('button', { name: 'Continue to Damage' }).click();
  await expect(page).toHaveURL(/\/warranties\/repair\/damage$/);
  await page.goto('/warranties/repair/order-history');
  await expect(page.getByLabel('Product name')).toHaveValue('Old waders');

  await page.getByRole('button', { name: 'Clear draft' }).click();
  await expect(page.getByText('Your draft repair has been cleared.')).toBeVisible();
  await expect(page.getByRole('radio', { checked: true })).toHaveCount(0);
  await expect(page.getByLabel('Product name')).toHaveValue('');
  await expect(page.getByLabel('Color or pattern (optional)')).toHaveValue('');
  await expect(page.getByLabel('Reason for your request')).toHaveValue('');
});

test('the reason-for-request list answers without sign-in (SPEC §7 GET /api/reason-for-request)', async ({
  page,
}) => {
  const response = await page.request.get('/api/reason-for-request');
  expect(response.status()).toBe(200);
  expect(response.headers()['cache-control']).toBe('private, no-store');
  const body = (await response.json()) as { data: { code: string; name: string; covered: boolean }[] };
  expect(body.data.map(({ code, covered }) => [code, covered])).toEqual([
    ['warranty', true],
    ['wear-and-tear', false],
    ['accidental-damage', false],
    ['alteration', false],
  ]);
});

test('the repair desk is behind the staff sign-in', async ({ page }) => {
  // A script (or a browser not asking for a page) gets the Basic challenge; a browser's page request goes to
  // /staff/sign-in (staff.spec.ts). An unknown staff e-mail is told as a wrong password is.
  for (const [authorization, message] of [
    [undefined, 'Please sign in with your staff account.'],
    [
      `Basic ${Buffer.from('nobody@example.com:wrong-password-1').toString('base64')}`,
      'The e-mail or password is not right.',
    ],
  ] as const) {
    const response = await page.request.get('/staff/repairs', {
      headers: authorization ? { Authorization: authorization } : {},
    });
    expect(response.status()).toBe(401);
    expect(response.headers()['www-authenticate']).toBe('Basic realm="Staff", charset="UTF-8"');
    expect(await response.text()).toContain(message);
    expect(await response.text()).not.toContain('Mark received');
  }
  const photo = await page.request.get('/staff/repairs/photo/1');
  expect(photo.status()).toBe(401);
});

test.describe('paid repairs', () => {
  const PAYER = { js: 'pro', 'no-js': 'govx' } as const;
  const PRODUCT = 'Trailside Jacket (described)';

  /** A repair submitted through the repair service API with the customer's session (the wizard is tested above). */
  async function submittedRepair(page: Page): Promise<number> {
    const api = async (path: string, method: 'POST' | 'PUT', data?: unknown) => {
      const response = await page.request.fetch(`/api/repair-admin/${path}`, { method, data });
      expect([path, response.status()]).toEqual([path, method === 'POST' ? 201 : 200]);
      return (await response.json()) as { data: { id: number } };
    };
    const created = await api('createRepair', 'POST', {
      repair: { reason_for_request: 'warranty' },
      product: { name: PRODUCT },
      customer: {
        first_name: 'Parker',
        last_name: 'Payer',
        phone: '(406)-555-0199',
        email: 'payer@example.com',
        address1: '12 Quote Street',
        city: 'Bozeman',
        state_or_province: 'Montana',
        postal_code: '59715',
        country: 'US',
      },
    });
    const id = created.data.id;
    await api(`updateRepairDamages/${id}`, 'PUT', {
      damages: [{ issue_id: 3, description: 'Seam open at the knee' }],
    });
    await api(`updateRepairQuestions/${id}`, 'PUT', {
      questions: [
        { question_id: 1, answer: 'No' },
        { question_id: 2, answer: 'Yes' },
      ],
    });
    await api(`submitRepair/${id}`, 'PUT');
    return id;
  }

  test('a quoted repair is paid through the repair payment path and shows paid', async ({
    page,
    browser,
  }, testInfo) => {
    const js = hasJavaScript(testInfo.project.name);
    await signIn(page.request, PAYER[js ? 'js' : 'no-js']);
    const id = await submittedRepair(page);
    const paymentPath = `/checkout/repaircheckoutpayment/${id}`;

    // Before a quote there is nothing to pay.
    const early = await page.request.get(`/api/getcheckoutpaymenturl/${id}`);
    expect([early.status(), (await early.json()).message]).toEqual([409, 'This repair has no payment due.']);

    // The repair desk quotes it: the warranty does not cover it.
    const desk = await browser.newContext({ javaScriptEnabled: js });
    try {
      await signInStaff(desk.request);
      const staff = await desk.newPage();
      await staff.goto('/staff/repairs');
      const quote = staff.getByRole('region', { name: 'Quote a repair' });
      await quote.getByLabel('Repair', { exact: true }).selectOption({ label: `#${id}: ${PRODUCT}` });
      if (js) {
        await quote.getByLabel('Quote in dollars').fill('forty');
        await quote.getByRole('button', { name: 'Send quote' }).click();
        await expect(
          quote.getByText('Please enter the quote in dollars between 0 and 2,000, for example 45.00.'),
        ).toBeVisible();
      }
      // The customer asked under the warranty: a covered reason is quoted at 0, so the desk names the reason the
      // repair is not covered for (from the reason-for-request list) as it quotes.
      await quote.getByLabel('Quote in dollars').fill('45.50');
      await quote.getByRole('button', { name: 'Send quote' }).click();
      await expect(
        staff.getByText(
          'The warranty covers this reason for a request: quote 0, or choose the reason the repair is not covered for.',
        ),
      ).toBeVisible();
      await quote.getByLabel('Repair', { exact: true }).selectOption({ label: `#${id}: ${PRODUCT}` });
      await quote.getByLabel('Reason for the request').selectOption({ label: 'Wear and tear' });
      await quote.getByLabel('Quote in dollars').fill('45.50');
      await quote.getByRole('button', { name: 'Send quote' }).click();
      await expect(staff.getByText(`Repair #${id} is quoted at $45.50.`)).toBeVisible();
      const card = staff.getByRole('listitem').filter({
        has: staff.getByRole('heading', { name: `Repair #${id}: ${PRODUCT}` }),
      });
      await expect(card.getByText('Status: Quoted')).toBeVisible();
      await expect(card.getByText('Quote: $45.50, Payment due')).toBeVisible();
      await expect(card.getByText('Reason: Wear and tear (not covered by the warranty)')).toBeVisible();
    } finally {
      await desk.close();
    }

    // SPEC §7 getcheckoutpaymenturl answers the payment path; the customer's list links to it.
    const url = await page.request.get(`/api/getcheckoutpaymenturl/${id}`);
    expect(await url.json()).toEqual({ data: { checkout_url: paymentPath } });
    await page.goto('/warranties/repair');
    const row = page.getByRole('row').filter({ hasText: `#${id}` });
    await expect(row.getByRole('cell').nth(3)).toHaveText('Quoted');
    await row.getByRole('link', { name: 'Pay $45.50' }).click();
    await expect(page).toHaveURL(new RegExp(`${paymentPath}$`));
    await expect(page.getByRole('heading', { name: 'Pay for your repair' })).toBeVisible();
    await expect(page.getByText(`Warranty repair #${id}: ${PRODUCT}`)).toBeVisible();
    // The billing address comes from the repair (its state, typed as a name, as the list's code).
    await expect(page.getByLabel('First name')).toHaveValue('Parker');
    await expect(page.getByLabel('Address', { exact: true })).toHaveValue('12 Quote Street');
    await expect(page.getByLabel('State or province')).toHaveValue('MT');
    await expectNoAxeViolations(page, browser, testInfo);

    await page.getByRole('button', { name: 'Pay $45.50' }).click();
    await expect(
      page.getByText(/^Thank you! Your repair is paid \(order #\d+\)\.$|^Repair #\d+ is paid/),
    ).toBeVisible();
    // Paid by invoice: its order awaits payment, and the repair page, the list, the desk and My Orders say so
    // (decision 092: the repair's order is an order like any other).
    await expect(
      page.getByText(`Warranty repair #${id}: ${PRODUCT}, $45.50: Awaiting payment`),
    ).toBeVisible();
    const orderId = /order #(\d+)/.exec((await page.getByRole('status').first().textContent())!)![1];

    await page.goto('/warranties/repair');
    await expect(
      page
        .getByRole('row')
        .filter({ hasText: `#${id}` })
        .getByRole('cell')
        .last(),
    ).toHaveText(`Awaiting payment (order #${orderId})`);
    const after = await page.request.get(`/api/getcheckoutpaymenturl/${id}`);
    expect(after.status()).toBe(409);
    const deskAgain = await browser.newContext({ javaScriptEnabled: js });
    try {
      await signInStaff(deskAgain.request);
      const staff = await deskAgain.newPage();
      await staff.goto('/staff/repairs');
      const card = staff.getByRole('listitem').filter({
        has: staff.getByRole('heading', { name: `Repair #${id}: ${PRODUCT}` }),
      });
      await expect(card.getByText(`Quote: $45.50, Awaiting payment (order #${orderId})`)).toBeVisible();
    } finally {
      await deskAgain.close();
    }
    // My Orders and the order's mail say the same (issue 25 §1).
    await page.goto('/account/orders');
    await expect(page.getByRole('row').filter({ hasText: `Order #${orderId}` })).toContainText(
      'Awaiting payment',
    );
    await page.goto('/mail');
    await page.getByRole('link', { name: new RegExp(`^Your Cairn Outdoor order #${orderId} — to `) }).click();
    await expect(page.getByText(/Status: Awaiting payment/).first()).toBeVisible();

    // The order desk records the payment: the repair list, My Orders and a mail all say Paid.
    const orderDesk = await browser.newContext({ javaScriptEnabled: js });
    try {
      await signInStaff(orderDesk.request);
      const staff = await orderDesk.newPage();
      await staff.goto(`/staff/orders/${orderId}`);
      await staff.getByRole('button', { name: 'Mark paid' }).click();
      await expect(staff.getByText(`Order #${orderId} is marked paid.`)).toBeVisible();
    } finally {
      await orderDesk.close();
    }
    await page.goto('/warranties/repair');
    await expect(
      page
        .getByRole('row')
        .filter({ hasText: `#${id}` })
        .getByRole('cell')
        .last(),
    ).toHaveText(`Paid (order #${orderId})`);
    await page.goto('/account/orders');
    await expect(page.getByRole('row').filter({ hasText: `Order #${orderId}` })).toContainText('Paid, ');
    await page.goto('/mail');
    await page
      .getByRole('link', { name: new RegExp(`^Your Cairn Outdoor order #${orderId} is paid — to `) })
      .click();
    await expect(page.getByText(/Status: Paid/).first()).toBeVisible();
  });

  test('a signed-out shopper on the payment path signs in there and stays on the page', async ({
    page,
  }, testInfo) => {
    // Its own client address: the sign-in forms' per-client limits count only this test's posts.
    await page.setExtraHTTPHeaders({ 'X-Forwarded-For': clientAddress() });
    const js = hasJavaScript(testInfo.project.name);
    const kind = PAYER[js ? 'js' : 'no-js'];
    // The repair is made and quoted in a session of its own; this browser starts signed out.
    const setup = await page.context().browser()!.newContext({ baseURL: testInfo.project.use.baseURL });
    let id: number;
    try {
      const setupPage = await setup.newPage();
      await signIn(setupPage.request, kind);
      id = await submittedRepair(setupPage);
    } finally {
      await setup.close();
    }
    // A script's way in: HTTP Basic with a staff account's e-mail and password.
    const quoted = await page.request.post('/staff/repairs?form=repair-quote', {
      form: { repair_id: String(id), amount: '20', reason: 'accidental-damage' },
      headers: { Authorization: staffBasic() },
    });
    expect(quoted.ok()).toBe(true);

    const paymentPath = `/checkout/repaircheckoutpayment/${id}`;
    await page.goto(paymentPath);
    // The sign-in panel opens by itself (its flag then set back to false with JavaScript, SPEC §2).
    await expect(page).toHaveURL(new RegExp(`${paymentPath}\\?login=(true|false)$`));
    const dialog = page.getByRole('dialog', { name: 'Sign In' });
    const account = demoAccount(kind);
    await dialog.getByLabel('Email').fill(account.email);
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByLabel('Password', { exact: true }).fill(account.password);
    await dialog.getByRole('button', { name: 'Login' }).click();
    // SPEC §2: on a path containing repaircheckoutpayment the drawer closes and the shopper stays.
    await expect(page).toHaveURL(new RegExp(`${paymentPath}$`));
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Pay $20.00' })).toBeVisible();
  });
});

test('a signed-out shopper signs in from /warranties and lands on the first step of a new repair', async ({
  page,
}, testInfo) => {
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': clientAddress() });
  const account = demoAccount(hasJavaScript(testInfo.project.name) ? 'sitka-associate' : 'gore-associate');
  await page.goto('/warranties');
  await page.getByRole('link', { name: 'Sign in', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign In' });
  await dialog.getByLabel('Email').fill(account.email);
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByLabel('Password', { exact: true }).fill(account.password);
  await dialog.getByRole('button', { name: 'Login' }).click();
  // SPEC §2: after sign-in from /warranties with the redirect flag.
  await expect(page).toHaveURL(/\/warranties\/repair\/order-history\?new_repair=true$/);
  await expect(page.getByRole('heading', { name: 'Tell us about your Product' })).toBeVisible();
});

test('create-account opened from /warranties/repair opens the sign-in panel after success', async ({
  page,
}, testInfo) => {
  await page.setExtraHTTPHeaders({ 'X-Forwarded-For': clientAddress() });
  const email = `repair-signup-${testInfo.project.name}-${testInfo.retry}-${Date.now()}@example.com`;
  const password = 'Trail#Camp2026';
  await page.goto('/warranties/repair');
  await page.getByRole('link', { name: 'Create an account', exact: true }).click();
  const signUp = page.getByRole('dialog', { name: 'Create Your Account' });
  await signUp.getByLabel('First Name').fill('Robin');
  await signUp.getByLabel('Last Name').fill('Mender');
  await signUp.getByLabel('Email', { exact: true }).fill(email);
  await signUp.getByLabel('Phone').pressSequentially('4065550142');
  await signUp.getByLabel('Password', { exact: true }).fill(password);
  await signUp.getByLabel('Confirm Password').fill(password);
  await signUp.getByRole('button', { name: 'Create Account' }).click();
  // SPEC §4: on the repair path the sign-in panel opens afterwards (the new account awaits its verification).
  await expect(page).toHaveURL(/\/warranties\/repair\?login=(true|false)$/);
  const signIn = page.getByRole('dialog', { name: 'Sign In' });
  await expect(signIn.getByText(`Signing in as ${email}`)).toBeVisible({ timeout: 15_000 });
  await expect(signIn.getByText('Account has not been activated.')).toBeVisible();
});
