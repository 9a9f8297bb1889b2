/**
 * A small catalogue, stock and customers for the cart and checkout integration tests: every price, stock level
 * and group percentage written down here, so the tests state their expectations as numbers.
 */
import { fixedClock } from '../../server/clock';
import {
  createCartService,
  type CartActor,
  type CartDependencies,
  type CartService,
  type GiftCardService,
} from '../../server/cart/index.server';
import { createCheckoutService, type CheckoutService } from '../../server/checkout/index.server';
import { promoLookups } from '../../server/customers/promo-approvers.server';
import { customerExists } from '../../server/customers/lookup.server';
import type { Database } from '../../server/db/database.server';
import { createCartFlows, type CartFlows } from '../../server/workflows/add-to-cart.server';
import {
  createMergeCartOnSignIn,
  type MergeCartOnSignIn,
} from '../../server/workflows/merge-cart-on-sign-in.server';
import { createPlaceOrder, type PlaceOrderFlows } from '../../server/workflows/place-order.server';
import {
  customerFlags,
  customerGroups,
  customers,
  inventoryRecords,
  productOptions,
  productOptionValues,
  products,
  variants,
} from '../../server/db/schema';
import { createLogger } from '../../server/logger';
import { createMailService } from '../../server/mail/index.server';
import fc from 'fast-check';
import type { ViewerCustomer } from '../../server/viewer/viewer';
import { pricingOver } from './pricing';
import { catalogueWithInventory } from './catalogue';

export const GROUPS = { consumer: 1, pro: 2, govx: 3, shed: 4 } as const;

/** Variant ids by what they are. */
export const V = {
  /** Alpha Jacket, Optifade Subalpine, M: list $200.00, GovX Military 20 % per product; stock 5 standard, 2 pro. */
  jacketM: 500,
  /** Alpha Jacket, Optifade Subalpine, L: stock 3 standard, 0 pro. */
  jacketL: 501,
  /** Bravo Wader: list $300.00, a wader (no pro discount); stock 4 standard, 4 pro. */
  wader: 510,
  /** Charlie Pant: list $100.00, sale $80.00; stock 1 standard, 0 pro. */
  pantM: 520,
  /** Charlie Pant L: purchasing disabled. */
  pantL: 521,
  /** Delta Hat: a hidden product. */
  hidden: 530,
  /** Echo Tee: list $40.00; stock 3 standard, 0 pro (the concurrency tests' last units). */
  tee: 540,
} as const;

export const CUSTOMERS = { consumer: 1, pro: 2, govx: 3, shed: 4 } as const;

export async function insertCartFixtures(db: Database): Promise<void> {
  await db.insert(customerGroups).values([
    { id: GROUPS.consumer, name: 'Consumer' },
    { id: GROUPS.pro, name: 'Pro Program', discountMethod: 'percent', discountAmount: 30 },
    {
      id: GROUPS.govx,
      name: 'GovX Military',
      isGovXUser: true,
      discountMethod: 'percent',
      discountAmount: 15,
    },
    { id: GROUPS.shed, name: 'Shed App', discountMethod: 'percent', discountAmount: 25 },
  ]);
  await db.insert(customers).values([
    {
      id: CUSTOMERS.consumer,
      email: 'consumer@example.com',
      firstName: 'Casey',
      lastName: 'Consumer',
      customerGroupId: 1,
      isEnabled: true,
    },
    {
      id: CUSTOMERS.pro,
      email: 'pro@example.com',
      firstName: 'Pat',
      lastName: 'Pro',
      customerGroupId: 2,
      isEnabled: true,
    },
    {
      id: CUSTOMERS.govx,
      email: 'govx@example.com',
      firstName: 'Gale',
      lastName: 'Gov',
      customerGroupId: 3,
      isEnabled: true,
    },
    {
      id: CUSTOMERS.shed,
      email: 'shed@example.com',
      firstName: 'Shelby',
      lastName: 'Shed',
      customerGroupId: GROUPS.shed,
      isEnabled: true,
    },
  ]);
  await db.insert(customerFlags).values([
    { customerId: CUSTOMERS.pro, proUser: true },
    { customerId: CUSTOMERS.shed, shedUser: true },
  ]);
  const product = (
    id: number,
    name: string,
    priceCents: number,
    extra: Partial<typeof products.$inferInsert> = {},
  ) => ({
    id,
    sku: String(id),
    name,
    url: name.toLowerCase().replace(/\s+/g, '-'),
    priceCents,
    gender: 'Mens',
    productType: 'jacket',
    ...extra,
  });
  await db
    .insert(products)
    .values([
      product(10, 'Alpha Jacket', 20_000, { groupPercents: { 'GovX Military': 20 } }),
      product(11, 'Bravo Wader', 30_000, { productType: 'wader' }),
      product(12, 'Charlie Pant', 10_000, { salePriceCents: 8_000, productType: 'pant' }),
      product(13, 'Delta Hat', 3_000, { isVisible: false, productType: 'hat' }),
      product(14, 'Echo Tee', 4_000, { productType: 'shirt' }),
    ]);
  await db.insert(productOptions).values([
    { id: 100, productId: 10, displayName: 'Color' },
    { id: 101, productId: 10, displayName: 'Size' },
  ]);
  await db.insert(productOptionValues).values([
    { id: 1000, optionId: 100, label: 'Optifade Subalpine' },
    { id: 1001, optionId: 101, label: 'M' },
    { id: 1002, optionId: 101, label: 'L' },
  ]);
  await db.insert(variants).values([
    { id: V.jacketM, productId: 10, sku: '10-SUB-M', colorValueId: 1000, sizeValueId: 1001 },
    { id: V.jacketL, productId: 10, sku: '10-SUB-L', colorValueId: 1000, sizeValueId: 1002 },
    { id: V.wader, productId: 11, sku: '11-BLK-M' },
    { id: V.pantM, productId: 12, sku: '12-BLK-M' },
    { id: V.pantL, productId: 12, sku: '12-BLK-L', purchasingDisabled: true },
    { id: V.hidden, productId: 13, sku: '13-BLK-M' },
    { id: V.tee, productId: 14, sku: '14-BLK-M' },
  ]);
  await db.insert(inventoryRecords).values([
    { variantSku: '10-SUB-M', standardQuantity: 5, proQuantity: 2 },
    { variantSku: '10-SUB-L', standardQuantity: 3, proQuantity: 0 },
    { variantSku: '11-BLK-M', standardQuantity: 4, proQuantity: 4 },
    { variantSku: '12-BLK-M', standardQuantity: 1, proQuantity: 0 },
    { variantSku: '13-BLK-M', standardQuantity: 9, proQuantity: 0 },
    { variantSku: '14-BLK-M', standardQuantity: 3, proQuantity: 0 },
  ]);
}

const flags = (over: Partial<ViewerCustomer['flags']> = {}) => ({
  promoOrder: false,
  proUser: false,
  shedUser: false,
  dnsFlag: false,
  ...over,
});

/** Viewers as the viewer module would build them for each fixture customer. */
export const actors = {
  anonymous: (cartId: string | null = null): CartActor => ({ cartId, customer: null, priceList: 'retail' }),
  consumer: (cartId: string | null = null): CartActor => ({
    cartId,
    customer: { id: CUSTOMERS.consumer, groupId: 1, groupName: 'Consumer', isGovX: false, flags: flags() },
    priceList: 'retail',
  }),
  pro: (cartId: string | null = null): CartActor => ({
    cartId,
    customer: {
      id: CUSTOMERS.pro,
      groupId: 2,
      groupName: 'Pro Program',
      isGovX: false,
      flags: flags({ proUser: true }),
    },
    priceList: 'p2',
  }),
  /** A shed-app customer (not a pro-app one): group Shed App, 25 %, pro prices. */
  shed: (cartId: string | null = null): CartActor => ({
    cartId,
    customer: {
      id: CUSTOMERS.shed,
      groupId: GROUPS.shed,
      groupName: 'Shed App',
      isGovX: false,
      flags: flags({ shedUser: true }),
    },
    priceList: 'p4',
  }),
  govx: (cartId: string | null = null): CartActor => ({
    cartId,
    customer: {
      id: CUSTOMERS.govx,
      groupId: 3,
      groupName: 'GovX Military',
      isGovX: true,
      flags: flags({ dnsFlag: true }),
    },
    priceList: 'g3',
  }),
  /** A signed-in session whose customer no longer exists. */
  ghost: (cartId: string | null = null): CartActor => ({
    cartId,
    customer: { id: 999, groupId: null, groupName: null, isGovX: false, flags: flags() },
    priceList: 'retail',
  }),
};

/** The cart service and the cart's workflows (add, change of quantity, merge at sign-in), as one object. */
export type TestCart = CartService & CartFlows & { mergeOnSignIn: MergeCartOnSignIn };
/** The checkout service and the place-order workflow, as one object. */
export type TestCheckout = CheckoutService & PlaceOrderFlows;

/** The cart service and its workflows over a test database, wired as the app wires them. */
export function cartServiceOver(
  db: Database,
  now = '2026-11-23T12:00:00.000Z',
  options: Pick<CartDependencies, 'countCache' | 'giftCards'> = {},
): TestCart {
  const clock = fixedClock(now);
  const pricing = pricingOver(db);
  const { catalogue, inventory } = catalogueWithInventory({ db, clock, pricing });
  const cart = createCartService({ ...options, db, clock, catalogue, pricing, inventory });
  const flows = createCartFlows({
    db,
    cart,
    catalogue,
    pricing,
    inventory,
    customerExists: (id) => customerExists(db, id),
  });
  const mergeOnSignIn = createMergeCartOnSignIn({ db, cart, catalogue, pricing, inventory });
  return { ...cart, ...flows, mergeOnSignIn };
}

/** The checkout service and the place-order workflow over a test database and its cart, wired as the app wires them. */
export function checkoutServiceOver(
  db: Database,
  cart: CartService,
  now = '2026-11-23T12:00:00.000Z',
  options: { giftCards?: GiftCardService } = {},
): TestCheckout {
  const checkout = createCheckoutService({
    db,
    clock: fixedClock(now),
    cart,
    mail: createMailService({ db }),
    logger: createLogger({ level: 'error' }),
    promo: promoLookups(db),
    brand: TEST_BRAND,
  });
  return {
    ...checkout,
    ...createPlaceOrder({ db, cart, checkout, giftCards: options.giftCards, brand: 'Cairn Outdoor' }),
  };
}

/** The brand and origin the order mails of tests name. */
export const TEST_BRAND = { siteName: 'Cairn Outdoor', publicUrl: 'https://shop.example' };

/** A shipping address every checkout accepts. */
export const TEST_ADDRESS = {
  firstName: 'Casey',
  lastName: 'Shopper',
  address1: '1 Road',
  address2: '',
  city: 'Town',
  countryCode: 'US',
  stateOrProvince: 'MT',
  postalCode: '59715',
};

/** One step of three shoppers' random cart sessions (the property tests). */
export type CartOperation =
  | { kind: 'add'; shopper: number; variant: number; quantity: number }
  | { kind: 'update'; shopper: number; line: number; quantity: number }
  | { kind: 'remove'; shopper: number; line: number }
  | { kind: 'clear'; shopper: number }
  | { kind: 'checkout'; shopper: number };

/**
 * Random cart operations by three shoppers over `variantCount` variants: adds of 1 to 4 units, updates from
 * `minQuantity` (0 or below removes the line) to 12 (above the cap of 10), removals, checkouts and, with
 * `clear`, clearing the cart.
 */
export function cartOperations(options: {
  variantCount: number;
  minQuantity: number;
  clear: false;
}): fc.Arbitrary<Exclude<CartOperation, { kind: 'clear' }>>;
export function cartOperations(options: {
  variantCount: number;
  minQuantity: number;
  clear: true;
}): fc.Arbitrary<CartOperation>;
export function cartOperations(options: {
  variantCount: number;
  minQuantity: number;
  clear: boolean;
}): fc.Arbitrary<CartOperation> {
  const shopper = fc.nat(2);
  const kinds: fc.Arbitrary<CartOperation>[] = [
    fc.record({
      kind: fc.constant('add' as const),
      shopper,
      variant: fc.nat(options.variantCount - 1),
      quantity: fc.integer({ min: 1, max: 4 }),
    }),
    fc.record({
      kind: fc.constant('update' as const),
      shopper,
      line: fc.nat(3),
      quantity: fc.integer({ min: options.minQuantity, max: 12 }),
    }),
    fc.record({ kind: fc.constant('remove' as const), shopper, line: fc.nat(3) }),
    fc.record({ kind: fc.constant('checkout' as const), shopper }),
  ];
  if (options.clear) kinds.splice(3, 0, fc.record({ kind: fc.constant('clear' as const), shopper }));
  return fc.oneof(...kinds);
}
