import type { Page } from '@playwright/test';
import { expect, hasJavaScript, test } from './fixtures';
import { signIn } from '../helpers/sign-in';

/**
 * Issue 24 §10: the repair wizard with JavaScript. After a damage is added the "Add another damage" selects still
 * show their choices; "Specific issue" offers only the chosen issue's; the summary asks state and country from
 * the lists checkout uses; the footer's "Repair Requests" opens the list of repairs. Expected values are literals
 * (the damage catalogue's and the checkout lists' names as a customer reads them). Serial: one account's draft.
 */
test.describe.configure({ mode: 'serial', timeout: 120_000 });

const ACCOUNT = { js: 'promo', 'no-js': 'vip' } as const;

/** Signs in and starts a fresh draft at step 2 with the first product of the order history. */
async function draftAtDamageStep(page: Page, js: boolean) {
  await signIn(page.request, ACCOUNT[js ? 'js' : 'no-js']);
  await page.goto('/warranties/repair/order-history');
  const clear = page.getByRole('button', { name: 'Clear draft' });
  if (await clear.isVisible()) {
    await clear.click();
    await expect(clear).toBeHidden();
    await page.goto('/warranties/repair/order-history');
  }
  await page.getByRole('radio').first().check();
  await page.getByLabel('Reason for your request').selectOption({ label: 'Wear and tear' });
  await page.getByRole('button', { name: 'Continue to Damage' }).click();
  await expect(page).toHaveURL(/\/warranties\/repair\/damage$/);
}

async function addDamage(page: Page, description: string) {
  await page.getByLabel('Issue', { exact: true }).selectOption({ label: 'Zipper' });
  await page.getByLabel('Specific issue (optional)').selectOption({ label: 'Slider broken' });
  await page.getByLabel('Location (optional)').selectOption({ label: 'Chest' });
  await page.getByLabel('Description of the damage').fill(description);
  await page.getByRole('button', { name: 'Add damage' }).click();
  await expect(page.getByText('Damage added.')).toBeVisible();
}

/** What a select shows: the text of its selected option. */
const shown = (page: Page, label: string | RegExp) =>
  page.getByLabel(label, { exact: true }).evaluate((select: HTMLSelectElement) => {
    const option = select.options[select.selectedIndex];
    return option ? option.text : '';
  });

test('after a damage is added, the "Add another damage" selects show their choices again', async ({
  page,
}, testInfo) => {
  const js = hasJavaScript(testInfo.project.name);
  await draftAtDamageStep(page, js);
  await addDamage(page, 'The slider came off the main zipper.');
  await expect(page.getByRole('heading', { name: 'Add another damage' })).toBeVisible();
  await expect.poll(() => shown(page, 'Issue')).toBe('Choose an issue');
  await expect.poll(() => shown(page, 'Specific issue (optional)')).toBe('Choose a specific issue');
  await expect.poll(() => shown(page, 'Location (optional)')).toBe('Choose a location');
  await expect(page.getByLabel('Issue', { exact: true }).getByRole('option', { name: 'Zipper' })).toHaveCount(
    1,
  );
  await expect(page.getByLabel('Location (optional)').getByRole('option', { name: 'Chest' })).toHaveCount(1);
  // A second damage can be chosen and added from them.
  await page.getByLabel('Issue', { exact: true }).selectOption({ label: 'Seam' });
  await page.getByLabel('Description of the damage').fill('The shoulder seam opened.');
  await page.getByRole('button', { name: 'Add damage' }).click();
  await expect(page.getByText(/^Damage 2: Seam/)).toBeVisible();
});

test('"Specific issue" offers only the chosen issue’s specific issues', async ({ page }, testInfo) => {
  test.skip(
    !hasJavaScript(testInfo.project.name),
    'Without JavaScript the list cannot follow the issue chosen.',
  );
  await draftAtDamageStep(page, true);
  const specific = page.getByLabel('Specific issue (optional)');
  await page.getByLabel('Issue', { exact: true }).selectOption({ label: 'Zipper' });
  await expect(specific.getByRole('option')).toHaveText([
    'Choose a specific issue',
    'Slider broken',
    'Teeth separating',
    'Pull tab missing',
  ]);
  await page.getByLabel('Issue', { exact: true }).selectOption({ label: 'Seam' });
  await expect(specific.getByRole('option')).toHaveText([
    'Choose a specific issue',
    'Seam open',
    'Seam tape peeling',
  ]);
});

test('the summary asks state and country from the checkout’s lists', async ({ page }, testInfo) => {
  const js = hasJavaScript(testInfo.project.name);
  await draftAtDamageStep(page, js);
  await addDamage(page, 'The slider came off the main zipper.');
  await page.getByRole('link', { name: 'Continue to Review' }).click();
  await expect(page).toHaveURL(/\/warranties\/repair\/summary$/);
  const country = page.getByLabel('Country');
  const state = page.getByLabel('State or province');
  await expect(country).toHaveJSProperty('tagName', 'SELECT');
  await expect(state).toHaveJSProperty('tagName', 'SELECT');
  await expect(country.getByRole('option')).toHaveText(['United States', 'Canada']);
  // The account's state, written in words in its address ("Arkansas", "Wisconsin"), is the list's entry for it.
  await expect(country).toHaveValue('US');
  await expect(state).toHaveValue(js ? 'AR' : 'WI');
  await expect(state.getByRole('option', { name: 'Wyoming (WY)' })).toHaveCount(1);
  if (js) {
    // The provinces follow the country chosen, as at checkout.
    await country.selectOption({ label: 'Canada' });
    await expect(state.getByRole('option', { name: 'Alberta (AB)' })).toHaveCount(1);
    await expect(state.getByRole('option', { name: 'Wyoming (WY)' })).toHaveCount(0);
    await country.selectOption({ label: 'United States' });
  }
  await state.selectOption({ label: 'Wyoming (WY)' });
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
});

test('the footer’s "Repair Requests" opens the list of repairs, not a new request', async ({
  page,
}, testInfo) => {
  await signIn(page.request, ACCOUNT[hasJavaScript(testInfo.project.name) ? 'js' : 'no-js']);
  await page.goto('/');
  const link = page.getByRole('contentinfo').getByRole('link', { name: 'Repair Requests' });
  await expect(link).toHaveAttribute('href', '/warranties/repair');
  await link.click();
  await expect(page).toHaveURL(/\/warranties\/repair$/);
  await expect(page.getByRole('heading', { name: 'Warranty repairs', level: 1 })).toBeVisible();
});
