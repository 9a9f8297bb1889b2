import type { Clock } from './clock';
import type { Config } from './config.server';
import type { Database } from './db/database.server';
import type { Logger } from './logger';
import type { ServerTiming } from './web/timing';
import type { Viewer } from './viewer/public';
import { createAnalyticsService, type AnalyticsService } from './analytics/index.server';
import {
  createCartService,
  createGiftCardService,
  type CartService,
  type GiftCardService,
} from './cart/index.server';
import { createJobRunner, type JobRunner } from './jobs/index.server';
import {
  createGiftCardDelivery,
  GIFT_CARD_DELIVERY_JOB,
  type GiftCardDelivery,
} from './workflows/gift-card-delivery.server';
import { cartCookieHeaders } from './cart/index.server';
import { createCatalogueService, type CatalogueService } from './catalogue/index.server';
import {
  createCheckoutService,
  freeShipping,
  manualPayment,
  productsHistory,
  claimGuestOrders,
  writeRepairOrder,
  taxIncluded,
  createOrderDesk,
  type CheckoutService,
  type OrderDesk,
} from './checkout/index.server';
import { createContentService, type ContentService } from './content/index.server';
import { createInventoryService, type InventoryService } from './inventory/index.server';
import { createPricingService, type PricingService } from './pricing/index.server';
import { createRateLimiter, type RateLimiter } from './rate-limit/index.server';
import { createReviewsService } from './reviews/index.server';
import { createSearchService, type SearchService } from './search/index.server';
import { createStaffService, type StaffService } from './staff/index.server';
import { createFormsService, type FormsService } from './forms/index.server';
import {
  createMailDelivery,
  createMailService,
  mailSender,
  smtpTransport,
  type MailService,
} from './mail/index.server';
import { createCartFlows, type CartFlows } from './workflows/add-to-cart.server';
import { createMergeCartOnSignIn } from './workflows/merge-cart-on-sign-in.server';
import { createPlaceOrder, type PlaceOrderFlows } from './workflows/place-order.server';
import { createRepairsService, createUploadStorage, type RepairsService } from './repairs/index.server';
import { createPayRepairWorkflow, type PayRepairWorkflow } from './workflows/pay-repair.server';
import { createNewsletterFlows, type NewsletterFlows } from './workflows/newsletter.server';
import { createDeleteAccount, type DeleteAccount } from './workflows/delete-account.server';
import { createDoNotSell, type SetDoNotSell } from './workflows/do-not-sell.server';
import { createAccountVerified } from './workflows/account-verified.server';
import { createCancelOrder, type CancelOrderWorkflow } from './workflows/cancel-order.server';
import { createRefundOrder, type RefundOrderWorkflow } from './workflows/refund-order.server';
import { createCustomerData, type CustomerDataFlows } from './workflows/customer-data.server';
import {
  createCustomersService,
  customerExists,
  promoLookups,
  repairUserInfo,
  selectCustomerGroups,
  type CustomersService,
} from './customers/index.server';
import {
  createDatabaseSessionStore,
  createIdentityProvider,
  createIdentityService,
  createProviderStore,
  inProcessTransport,
  type IdentityService,
} from './identity/index.server';
import type { Router } from 'express';

/**
 * The application's services, built once per process and handed to every loader and action through the
 * Remix load context (Hydrogen's createAppLoadContext), so the server bundle and the HTTP layer share one database
 * handle (decision 004). Routes import from `server/` only each context's `public` and `index.server` surfaces and
 * this module's types; this module, too, reaches a context only through its surfaces (`npm run lint`, decision 064).
 */
export type Services = {
  config: Config;
  logger: Logger;
  db: Database;
  clock: Clock;
  catalogue: CatalogueService;
  pricing: PricingService;
  content: ContentService;
  inventory: InventoryService;
  analytics: AnalyticsService;
  rateLimiter: RateLimiter;
  search: SearchService;
  /** Idempotency of form submissions (the form kit). */
  forms: FormsService;
  /** The mail outbox. */
  mail: MailService;
  /** The customer's copy of their data (server/workflows/customer-data.server.ts). */
  customerData: CustomerDataFlows;
  /** Newsletter sign-up (with its welcome mail) and one-click unsubscribe (server/workflows/newsletter.server.ts). */
  newsletter: NewsletterFlows;
  /** Account deletion across contexts (issue 26 §4; server/workflows/delete-account.server.ts, decision 101). */
  deleteAccount: DeleteAccount;
  /** The do-not-sell choice, into the customer's flags and carts (server/workflows/do-not-sell.server.ts). */
  setDoNotSell: SetDoNotSell;
  /** Carts, their lines and metafields (issue 11). */
  cart: CartService;
  /** Warranty repairs: drafts, photos, submission, the repair desk (server/repairs). */
  repairs: RepairsService;
  /** Pay a repair's quote: a workflow over repairs and the checkout (server/workflows/pay-repair.server.ts). */
  payRepair: PayRepairWorkflow;
  customers: CustomersService;
  /** Staff accounts with roles, their sign-in and the staff screens' door (server/staff, decision 088). */
  staff: StaffService;
  /** Sign-in, sign-out and the session, over the provider protocol (server/identity). */
  identity: IdentityService;
  /** The embedded sign-in provider, mounted at `/idp` by the HTTP layer; null when `IDP_URL` names another. */
  identityProvider: Router | null;
  /** The embedded checkout: orders placed from carts (issue 11). */
  checkout: CheckoutService;
  /** Workflows (decision 068): add to cart and change a line's quantity (price → check stock → write lines). */
  cartFlows: CartFlows;
  /** Workflow (decision 068): an order placed from the cart, stock taken, in one transaction. */
  placeOrder: PlaceOrderFlows;
  /** Issued gift cards: applied at checkout, their balances, the cards a customer bought (decision 099). */
  giftCards: GiftCardService;
  /** The gift-card mails due on a day (server/workflows/gift-card-delivery.server.ts). */
  giftCardDelivery: GiftCardDelivery;
  /** Scheduled jobs (decision 100): started by server/main.ts, stopped by `stop`. */
  jobs: JobRunner;
  /** The order desk (decision 093): find orders, one order's history, mark paid, ship, mark delivered. */
  orderDesk: OrderDesk;
  /** Workflows (decision 092): cancel (stock back, payment refunded) and refund an order. */
  cancelOrder: CancelOrderWorkflow;
  refundOrder: RefundOrderWorkflow;
  /**
   * Stops the background work (search and listing-index syncs, mail delivery) and waits for a run under way, so
   * the database can close after it (server/main.ts's graceful stop, decision 051).
   */
  stop(): Promise<void>;
};

export type RequestContext = {
  services: Services;
  requestId: string;
  cspNonce: string;
  /**
   * The client's address for rate limits (Express `req.ip`: X-Forwarded-For only from the proxies TRUST_PROXY
   * names; IPv6 cut to its /64: server/http/client-address.ts).
   */
  clientIp: string;
  timing: ServerTiming;
  logger: Logger;
  /** Who is asking: customer, price list, cart id (server/viewer), decided once from the signed cookies. */
  viewer: Viewer;
  /**
   * This request gets the shared copy of its price list (`getsSharedCopy` in server/http/request-context.server.ts,
   * decision 021): nothing of the viewer but the price list may be rendered (the root leaves the cart count and
   * account state to `/api/personal-state`). False: a personal render, sent `private, no-store`.
   */
  sharedCopy: boolean;
};

/** How often the mail delivery looks for retries and for mails other servers stored. */
const MAIL_POLL_MS = 30_000;
/** How often each server looks for gift cards whose send date has come (decision 100). */
const GIFT_CARD_DELIVERY_EVERY_MS = 60_000;

export async function createServices(deps: {
  config: Config;
  logger: Logger;
  db: Database;
  clock: Clock;
  contentDir: string;
  /** The database handle's `sync` (durable before acknowledged: orders); none in tests of other things. */
  sync?: () => Promise<void>;
}): Promise<Services> {
  const content = await createContentService({ dir: deps.contentDir, logger: deps.logger });
  const pricing = createPricingService({ loadGroups: () => selectCustomerGroups(deps.db) });
  // With SMTP_URL, mails leave moments after they are stored and failures are retried (issue 10 §6).
  const delivery = deps.config.mail.smtpUrl
    ? createMailDelivery({
        db: deps.db,
        clock: deps.clock,
        transport: smtpTransport(deps.config.mail.smtpUrl),
        // The brand names the sender unless MAIL_FROM says otherwise (issue 25 §7).
        from: mailSender({
          ...deps.config.mail,
          configured: deps.config.mail.from,
          brand: content.seo().siteName,
        }),
        brand: content.seo().siteName,
        logger: deps.logger.child({ component: 'mail' }),
      })
    : null;
  delivery?.start(MAIL_POLL_MS);
  const mail = createMailService({ db: deps.db, onEnqueued: delivery?.wake, brand: content.seo().siteName });
  const reviews = createReviewsService({ db: deps.db });
  // Stock and ratings reach the catalogue through these services, variants reach the inventory through the
  // catalogue's (decision 072); the inventory asks only while serving requests, once the catalogue exists.
  const inventory = createInventoryService({
    db: deps.db,
    clock: deps.clock,
    mail,
    catalogue: {
      findVariant: (sku) => catalogue.findVariant(sku),
      variantLinks: (query, tx) => catalogue.variantLinks(query, tx),
    },
    // Back-in-stock notices link to PUBLIC_URL (development without it: this port), name the brand (decision 098).
    links: {
      origin: deps.config.publicUrl ?? `http://localhost:${deps.config.port}`,
      siteName: content.seo().siteName,
    },
  });
  const catalogue = createCatalogueService({
    db: deps.db,
    clock: deps.clock,
    pricing,
    inventory,
    reviews,
    // Five minutes at most: dated badges and merchandising windows follow the clock (issue 7 §4).
    cache: { maxEntries: 2000, ttlMs: 5 * 60_000, checkEveryMs: deps.config.catalogueCheckMs },
  });
  // Notices left due (an order cancelled, a crash, another server's leftovers) go out from here (decision 098).
  inventory.startNoticeSweep({
    onError: (error) =>
      deps.logger.warn('back-in-stock notice sweep failed', {
        error: error instanceof Error ? error.message : String(error),
      }),
  });
  // The listing index (decision 024) is brought up to date before the first request, then follows the catalogue.
  await catalogue.startListingSync({
    pollMs: deps.config.search.syncMs,
    onError: (error) =>
      deps.logger.warn('listing index sync failed', {
        error: error instanceof Error ? error.message : String(error),
      }),
  });
  const search = createSearchService({
    db: deps.db,
    clock: deps.clock,
    catalogue,
    pricing,
    logger: deps.logger,
    cacheEntries: deps.config.search.cacheEntries,
  });
  // The search documents and the memory index are brought up to date before the first request.
  await search.start({ pollMs: deps.config.search.syncMs });
  const analytics = createAnalyticsService({ db: deps.db, clock: deps.clock });
  const rateLimiter = createRateLimiter({ db: deps.db, clock: deps.clock });
  // A pro application approved on another app server reaches this one's signed-in requests within this interval
  // (decision 055), like a catalogue change reaches its cached pages.
  const customers = createCustomersService({
    db: deps.db,
    logger: deps.logger.child({ component: 'customers' }),
    viewerCheckMs: deps.config.catalogueCheckMs,
  });
  // Customer sessions, recorded where every app server sees them (decision 074).
  const sessionStore = createDatabaseSessionStore({ db: deps.db, clock: deps.clock });
  // The embedded provider (no IDP_URL): its issuer from configuration and its keys in the database, shared by every
  // app server (decision 079); the store calls it in process, as the shopper (decision 080).
  const providerStore = createProviderStore({ db: deps.db, clock: deps.clock });
  const identityProvider = deps.config.idp.url
    ? null
    : createIdentityProvider({
        store: providerStore,
        sessions: sessionStore,
        // A proven mailbox enables the account and brings its guest orders (issue 26 §3).
        customers: {
          ...customers,
          ...createAccountVerified({
            customers,
            claimGuestOrders: (customerId, email) => claimGuestOrders(deps.db, customerId, email),
            logger: deps.logger,
          }),
        },
        mail,
        rateLimiter,
        clock: deps.clock,
        logger: deps.logger.child({ component: 'idp' }),
        secret: deps.config.keys.identityProvider,
        clientIds: [deps.config.idp.clientId],
        secure: deps.config.secure,
        issuer: deps.config.idp.issuer,
        linkOrigin: deps.config.publicUrl,
        brand: content.seo().siteName,
      });
  const identity = createIdentityService({
    customers,
    sessionStore,
    pricing,
    analytics,
    clock: deps.clock,
    logger: deps.logger,
    cookies: deps.config.cookies,
    provider: identityProvider
      ? {
          issuer: deps.config.idp.issuer,
          embedded: true,
          transport: inProcessTransport(identityProvider, { issuer: deps.config.idp.issuer }),
          keys: () => providerStore.publicKeys(),
        }
      : { issuer: deps.config.idp.issuer, embedded: false },
    associateDomains: deps.config.associateDomains,
    clientId: deps.config.idp.clientId,
  });
  const cart = createCartService({
    db: deps.db,
    clock: deps.clock,
    catalogue,
    pricing,
    inventory,
    // The gift-card model is content (content/gift-card.json, decision 061).
    giftCards: content.giftCard(),
    // Header counts in memory where this process sees every cart write: the embedded database admits one process
    // (decision 051). With PostgreSQL other app servers may change the carts: one query per page, as before.
    countCache: deps.config.database.kind === 'pglite' ? { maxEntries: 10_000 } : undefined,
  });
  // Issue 10 §3 / issue 11 §4: at sign-in the anonymous cart is merged into the customer's and re-priced; the
  // cart cookie names the customer's cart afterwards.
  const cartFlows = createCartFlows({
    db: deps.db,
    cart,
    catalogue,
    pricing,
    inventory,
    customerExists: (id) => customerExists(deps.db, id),
  });
  const mergeCartOnSignIn = createMergeCartOnSignIn({ db: deps.db, cart, catalogue, pricing, inventory });
  identity.onSignedIn(async ({ customer, priceList, cartId }) => {
    const merged = await mergeCartOnSignIn({ customer, priceList, cartId });
    if (merged.cartId === null || merged.cartId === cartId) return [];
    return cartCookieHeaders(deps.config, merged.cartId).getSetCookie();
  });
  const checkout = createCheckoutService({
    db: deps.db,
    clock: deps.clock,
    cart,
    mail,
    logger: deps.logger,
    promo: promoLookups(deps.db),
    sync: deps.sync,
    // Order mails name the brand and link to the order page (decision 094).
    brand: {
      siteName: content.seo().siteName,
      publicUrl: deps.config.publicUrl ?? `http://localhost:${deps.config.port}`,
    },
  });
  // Issued gift cards and their mails on the send date, run by the scheduled-job runner (decisions 099 and 100).
  const giftCards = createGiftCardService({ db: deps.db, clock: deps.clock });
  const giftCardDelivery = createGiftCardDelivery({
    db: deps.db,
    giftCards,
    mail,
    siteName: content.seo().siteName,
    origin: deps.config.publicUrl ?? `http://localhost:${deps.config.port}`,
  });
  const jobs = createJobRunner({
    db: deps.db,
    clock: deps.clock,
    logger: deps.logger.child({ component: 'jobs' }),
    jobs: [
      {
        name: GIFT_CARD_DELIVERY_JOB,
        everyMs: GIFT_CARD_DELIVERY_EVERY_MS,
        leaseMs: 5 * GIFT_CARD_DELIVERY_EVERY_MS,
        run: async (now) => void (await giftCardDelivery.sendDue(now)),
      },
    ],
  });
  const lifecycle = { db: deps.db, clock: deps.clock, checkout, sync: deps.sync, payments: [manualPayment] };
  const repairs = createRepairsService({
    db: deps.db,
    clock: deps.clock,
    logger: deps.logger,
    // Photos in the database or on local disk, as UPLOAD_STORAGE says (decisions 066 and 084).
    storage: createUploadStorage({ ...deps.config.uploads, db: deps.db }),
    secret: deps.config.keys.uploads,
    orderHistory: (customerId) => productsHistory(deps.db, customerId),
    userInfo: (customerId) => repairUserInfo(deps.db, customerId),
    // A mail at submission, quote, payment and each status change, linking to PUBLIC_URL (issue 25 §6).
    mails: {
      siteName: content.seo().siteName,
      origin: deps.config.publicUrl ?? `http://localhost:${deps.config.port}`,
    },
  });
  return {
    ...deps,
    content,
    catalogue,
    pricing,
    inventory,
    analytics,
    rateLimiter,
    search,
    forms: createFormsService({ db: deps.db, clock: deps.clock }),
    mail,
    customerData: createCustomerData({
      profile: (id) => customers.profile(id),
      addresses: (id) => customers.addresses(id),
      orders: (id) => checkout.ordersOf(id, { limit: 10_000 }),
      // Each repair in full (product, damages, answers, photos' names, quote and payment), not the list's summary.
      repairs: async (id) =>
        Promise.all((await repairs.list(id, { limit: 10_000 })).map((repair) => repairs.get(id, repair.id))),
      now: () => deps.clock.now(),
    }),
    deleteAccount: createDeleteAccount({
      db: deps.db,
      clock: deps.clock,
      logger: deps.logger,
      customers,
      endSessions: (customerId) => identity.endOtherSessions(customerId, undefined),
      cart,
    }),
    setDoNotSell: createDoNotSell({ db: deps.db }),
    newsletter: createNewsletterFlows({
      customers,
      mail,
      keys: deps.config.keys.unsubscribe,
      siteName: content.seo().siteName,
    }),
    cart,
    checkout,
    cartFlows,
    // The embedded defaults of SPEC §9 (decisions 069–071): a brand swaps an adapter here.
    placeOrder: createPlaceOrder({
      db: deps.db,
      cart,
      checkout,
      giftCards,
      onGiftCardsIssued: () =>
        void jobs.runNow(GIFT_CARD_DELIVERY_JOB, { retry: true }).catch((error: unknown) =>
          deps.logger.warn('gift-card delivery not started', {
            error: error instanceof Error ? error.message : String(error),
          }),
        ),
      payment: manualPayment,
      tax: taxIncluded,
      shipping: freeShipping,
      brand: content.seo().siteName,
    }),
    orderDesk: createOrderDesk({
      db: deps.db,
      clock: deps.clock,
      sync: deps.sync,
      mailStep: (orderId, step) => checkout.mailStep(orderId, step),
    }),
    cancelOrder: createCancelOrder(lifecycle),
    refundOrder: createRefundOrder(lifecycle),
    repairs,
    payRepair: createPayRepairWorkflow({
      db: deps.db,
      clock: deps.clock,
      repairs,
      checkout: { writeRepairOrder, confirmOrder: (orderId) => checkout.confirmOrder(orderId) },
    }),
    giftCards,
    giftCardDelivery,
    jobs,
    customers,
    staff: createStaffService({ db: deps.db, clock: deps.clock, cookies: deps.config.cookies }),
    identity,
    identityProvider,
    async stop() {
      await Promise.all([
        search.stop(),
        catalogue.stopListingSync(),
        delivery?.stop(),
        jobs.stop(),
        inventory.stopNoticeSweep(),
      ]);
    },
  };
}
