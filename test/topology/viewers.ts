/**
 * Who a topology test's shoppers are and what each may see (issue 23 §7), written from the seed's input data and
 * SPEC §6, never from the store's pricing code:
 * - the price list a page was rendered for, read from one product's price on it: its list price (retail), 30 % off
 *   (Pro Program) or 25 % off (Shed App), rounded half up (test/helpers/expected.ts);
 * - the cart count in the header (`Cart, N items`);
 * - the signed-in header (the account link goes to `/account/profile` instead of opening the sign-in panel);
 * - a customer's name and e-mail address.
 */
import { DEMO_ACCOUNTS, type DemoAccountKind } from '../../server/db/seed/demo-accounts';
import { generateSeedData } from '../../server/db/seed/index';
import { percentOffCents, usd } from '../helpers/expected';

export type PriceList = 'retail' | 'pro' | 'shed';

/** SPEC §6 and the seed's customer groups: Pro Program 30 %, Shed App 25 %. */
const PERCENT_OFF: Record<PriceList, number> = { retail: 0, pro: 30, shed: 25 };

export const TOPOLOGY_PRODUCTS = 48;
const seed = generateSeedData({ products: TOPOLOGY_PRODUCTS });

/**
 * A product whose price is its list price for everyone but the discounted groups: visible, no sale, no product
 * discounts, not excluded from the pro discount and not a wader (SPEC §6), its variants without their own prices.
 */
export const probe = (() => {
  const product = seed.products.find(
    (candidate) =>
      candidate.isVisible &&
      !candidate.salePriceCents &&
      !candidate.excludeProDiscount &&
      candidate.productType !== 'wader' &&
      Object.keys(candidate.groupPercents ?? {}).length === 0 &&
      seed.variants.every((variant) => variant.productId !== candidate.id || variant.priceCents === null),
  );
  if (!product) throw new Error('The seed has no product with a plain list price');
  const category = seed.categories.find(
    (candidate) =>
      candidate.isVisible &&
      !candidate.isAllListing &&
      seed.productCategories.some(
        (link) => link.productId === product.id && link.categoryId === candidate.id,
      ),
  );
  if (!category) throw new Error(`Product ${product.id} is in no visible category`);
  const prices = Object.fromEntries(
    (Object.keys(PERCENT_OFF) as PriceList[]).map((list) => [
      list,
      usd(percentOffCents(product.priceCents, PERCENT_OFF[list])),
    ]),
  ) as Record<PriceList, string>;
  return { product, categoryUrl: category.url, prices };
})();

/** Variants in stock (standard quantity 10 or more), to fill carts with. */
export const stockedVariants = seed.variants.filter((variant) => {
  const product = seed.products.find((candidate) => candidate.id === variant.productId);
  const stock = seed.inventoryRecords.find((record) => record.variantSku === variant.sku);
  return product?.isVisible && !variant.purchasingDisabled && (stock?.standardQuantity ?? 0) >= 10;
});

/** The price list the page was rendered for, by the probe product's current price; `mixed` if more than one. */
export function priceListOf(html: string): PriceList | 'none' | 'mixed' {
  // A discounted page also shows the list price, struck through: the discounts decide.
  const discounted = (['pro', 'shed'] as const).filter((list) => html.includes(probe.prices[list]));
  if (discounted.length > 1) return 'mixed';
  if (discounted.length === 1) return discounted[0]!;
  return html.includes(probe.prices.retail) ? 'retail' : 'none';
}

/** The cart count the header shows (`Cart, 3 items`), or null for none. */
export function cartCountOf(html: string): number | null {
  const counts = [...html.matchAll(/Cart, (\d+) items?/g)].map((match) => Number(match[1]));
  return counts.length === 0 ? null : Math.max(...counts);
}

/** The header of a signed-in viewer: the account link opens the account, not the sign-in panel. */
export function showsSignedIn(html: string): boolean {
  return /aria-label="Account"[^>]*href="\/account\/profile"/.test(html);
}

export type Identity = { kind: DemoAccountKind; email: string; firstName: string; lastName: string };

export const identity = (kind: DemoAccountKind): Identity => {
  const account = DEMO_ACCOUNTS.find((candidate) => candidate.kind === kind)!;
  return { kind, email: account.email, firstName: account.firstName, lastName: account.lastName };
};

/** Which of these customers' e-mail addresses or first names the page shows. */
export function namesIn(html: string, people: readonly Identity[]): DemoAccountKind[] {
  return people
    .filter((person) => html.includes(person.email) || new RegExp(`\\b${person.firstName}\\b`).test(html))
    .map((person) => person.kind);
}
