import { selectCustomerGroups } from '../../server/customers/groups.server';
import type { Database } from '../../server/db/database.server';
import { createPricingService, type PricingService } from '../../server/pricing/index.server';

/** The store's pricing service over a test database (its customer groups give the price lists). */
export function pricingOver(db: Database): PricingService {
  return createPricingService({ loadGroups: () => selectCustomerGroups(db) });
}
