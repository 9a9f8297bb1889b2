import { generateSeedData } from '../../server/db/seed/index';
import { createAccount } from '../helpers/accounts';
import { signIn } from '../helpers/sign-in';
import { expect, hasJavaScript, test } from './fixtures';

/**
 * SPEC §6/§7: the authenticated inventory endpoint answers a signed-in customer (by the customer_token cookie or an
 * `Authorization: Bearer` token) with pro and standard quantities, and refuses everyone else with SPEC §8's
 * messages; a token signed out at the provider is refused and its cookie cleared. An API: one project suffices.
 */
test.describe.configure({ timeout: 90_000 });

const seed = generateSeedData();
const sku = seed.inventoryRecords.find((record) => record.proQuantity > 0)!.variantSku;
const path = `/apiwarehouse/inventory/multiple/auth?sku=${sku}`;

test('the authenticated inventory endpoint: pro quantities for a customer, 401 for anyone else', async ({
  page,
  playwright,
  baseURL,
}, testInfo) => {
  test.skip(!hasJavaScript(testInfo.project.name), 'an API call: the js project covers it');
  const account = await createAccount(playwright.request, baseURL!);

  const anonymous = await page.request.get(path);
  expect(anonymous.status()).toBe(401);
  expect(await anonymous.json()).toEqual({
    error: 'customer_token cookie not found. Authentification failed.',
  });

  await signIn(page.request, account);
  const byCookie = await page.request.get(path);
  expect(byCookie.status()).toBe(200);
  expect(byCookie.headers()['cache-control']).toBe('private, no-store');
  const [level] = ((await byCookie.json()) as { data: Record<string, unknown>[] }).data;
  expect(Object.keys(level!).sort()).toEqual([
    'inventory_level',
    'pro_quantity',
    'standard_quantity',
    'variant_sku',
  ]);
  expect(level!.variant_sku).toBe(sku);
  expect(level!.inventory_level).toBe(Number(level!.standard_quantity) + Number(level!.pro_quantity));

  const token = (await page.context().cookies()).find((cookie) => cookie.name === 'customer_token')!.value;
  const api = await playwright.request.newContext({ baseURL });
  try {
    const byBearer = await api.get(path, { headers: { Authorization: `Bearer ${token}` } });
    expect(byBearer.status()).toBe(200);
    expect(((await byBearer.json()) as { data: unknown[] }).data).toHaveLength(1);
    const forged = await api.get(path, { headers: { Authorization: `Bearer ${token.slice(0, -4)}AAAA` } });
    expect(forged.status()).toBe(401);
    expect(await forged.json()).toEqual({ error: 'Token is invalid. Authentification failed.' });

    // Signed out at the provider (typed ?logout): the same token is refused from then on.
    await page.goto('/?logout');
    await expect(page.getByRole('heading', { name: 'You are signed out' })).toBeVisible();
    const replayed = await api.get(path, { headers: { Authorization: `Bearer ${token}` } });
    expect(replayed.status()).toBe(401);
    const staleCookie = await api.get(path, { headers: { Cookie: `customer_token=${token}` } });
    expect(staleCookie.status()).toBe(401);
    expect(staleCookie.headers()['set-cookie']).toMatch(/customer_token=;/);
  } finally {
    await api.dispose();
  }
});
