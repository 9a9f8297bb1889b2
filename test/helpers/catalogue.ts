/**
 * The catalogue service as the app wires it (server/context.server.ts): over the reviews and inventory services it
 * reads ratings and stock through (decision 072), the inventory asking the catalogue for variants in return.
 */
import type { Clock } from '../../server/clock';
import { createCatalogueService, type CatalogueService } from '../../server/catalogue/index.server';
import type { Database } from '../../server/db/database.server';
import { createInventoryService, type InventoryService } from '../../server/inventory/index.server';
import { createMailService, type MailService } from '../../server/mail/index.server';
import type { PricingService } from '../../server/pricing/index.server';
import { createReviewsService } from '../../server/reviews/index.server';

type CatalogueOptions = Parameters<typeof createCatalogueService>[0];

export function catalogueWithInventory(deps: {
  db: Database;
  clock: Clock;
  pricing: Pick<PricingService, 'priceList' | 'priceLists'>;
  cache?: CatalogueOptions['cache'];
  mail?: MailService;
  /** The brand and origin the back-in-stock mails name (createInventoryService's `links`). */
  links?: { origin: string; siteName: string };
}): { catalogue: CatalogueService; inventory: InventoryService } {
  const { db, clock, mail = createMailService({ db }) } = deps;
  const reviews = createReviewsService({ db });
  const lookup: { catalogue?: CatalogueService } = {};
  const inventory = createInventoryService({
    db,
    clock,
    mail,
    catalogue: { findVariant: (sku) => lookup.catalogue!.findVariant(sku) },
    ...(deps.links ? { links: deps.links } : {}),
  });
  lookup.catalogue = createCatalogueService({
    db,
    clock,
    pricing: deps.pricing,
    inventory,
    reviews,
    ...(deps.cache ? { cache: deps.cache } : {}),
  });
  return { catalogue: lookup.catalogue, inventory };
}

/** The catalogue service alone (its inventory and reviews built beside it). */
export const createCatalogue = (deps: Parameters<typeof catalogueWithInventory>[0]): CatalogueService =>
  catalogueWithInventory(deps).catalogue;
