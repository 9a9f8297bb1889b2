/**
 * Builds every row of the seed data in memory, with no database: deterministic for given options, so
 * it is unit-tested on its own and inserted by `seedDatabase` (index.ts).
 */
import { buildCategories, type CategoryRow } from './categories';
import { generateCatalogue, type CatalogueRows } from './catalogue';
import { CUSTOMER_GROUPS, type CustomerGroupRow } from './customer-groups';
import { DEMO_ACCOUNTS, type DemoAccount } from './demo-accounts';
import {
  merchandisingRulesFor,
  SEARCH_REDIRECTS,
  SEARCH_SYNONYMS,
  type MerchandisingRuleRow,
  type SearchRedirectRow,
  type SearchSynonymRow,
} from './merchandising';

export const DEFAULT_PRODUCT_COUNT = 320;
export const DEFAULT_SEED = 20261101;

export type SeedData = CatalogueRows & {
  categories: CategoryRow[];
  merchandisingRules: MerchandisingRuleRow[];
  searchRedirects: readonly SearchRedirectRow[];
  searchSynonyms: readonly SearchSynonymRow[];
  customerGroups: readonly CustomerGroupRow[];
  /** With plain-text passwords; hashing happens when inserting (it is salted, so not deterministic). */
  demoAccounts: readonly DemoAccount[];
};

export function generateSeedData(options: { products?: number; seed?: number } = {}): SeedData {
  const definitions = buildCategories();
  const catalogue = generateCatalogue({
    products: options.products ?? DEFAULT_PRODUCT_COUNT,
    seed: options.seed ?? DEFAULT_SEED,
    categories: definitions,
  });
  return {
    categories: definitions.map((definition) => definition.row),
    ...catalogue,
    merchandisingRules: merchandisingRulesFor(catalogue.products),
    searchRedirects: SEARCH_REDIRECTS,
    searchSynonyms: SEARCH_SYNONYMS,
    customerGroups: CUSTOMER_GROUPS,
    demoAccounts: DEMO_ACCOUNTS,
  };
}
