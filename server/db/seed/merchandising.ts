/**
 * Merchandising data: the dated colour order of SPEC §9 and search terms that redirect (SPEC §3
 * merchandising.redirect, §4 "A merchandising redirect navigates there").
 */
import type { merchandisingRules, searchRedirects, searchSynonyms } from '../schema';
import type { ProductRow } from './catalogue';
import { ICON_PULLOVER_HOODY } from './product-plan';
import type { ColourCode } from './colours';

export type MerchandisingRuleRow = Omit<typeof merchandisingRules.$inferSelect, 'id'>;
export type SearchRedirectRow = typeof searchRedirects.$inferSelect;
export type SearchSynonymRow = typeof searchSynonyms.$inferSelect;

/** "Before a fixed date in late 2023, the Icon Pullover Hoody lists the Sitka Black Blaze Orange color first." */
const ICON_HOODY_COLOUR_FIRST: ColourCode = 'BKBO';
const ICON_HOODY_RULE_ENDS_AT = new Date('2023-12-01T00:00:00Z');

export function merchandisingRulesFor(productRows: readonly ProductRow[]): MerchandisingRuleRow[] {
  const hoody = productRows.find((product) => product.name === ICON_PULLOVER_HOODY);
  if (!hoody) throw new Error(`The seed catalogue has no ${ICON_PULLOVER_HOODY}`);
  return [
    {
      kind: 'color-order',
      productId: hoody.id,
      startsAt: null,
      endsAt: ICON_HOODY_RULE_ENDS_AT,
      payload: { first: [ICON_HOODY_COLOUR_FIRST] },
    },
  ];
}

export const SEARCH_REDIRECTS: readonly SearchRedirectRow[] = [
  { term: 'gift card', url: '/gift-ideas/' },
  { term: 'gift cards', url: '/gift-ideas/' },
  { term: 'sale', url: '/sale/' },
  { term: 'new arrivals', url: '/new-arrivals/' },
  { term: 'waders', url: '/gear/waders/' },
  { term: 'elk', url: '/pursuit/elk/' },
  { term: 'waterfowl', url: '/pursuit/waterfowl/' },
  { term: 'black friday', url: '/sale/black-friday-deals/' },
];

/** Search synonyms (issue 12): each word of a group finds what the others name. Single lower-case words. */
const SYNONYM_GROUPS: Record<string, readonly string[]> = {
  pant: ['pant', 'pants', 'bottom', 'bottoms', 'trouser', 'trousers'],
  hoody: ['hoody', 'hoodie', 'hoodies', 'pullover', 'sweatshirt'],
  camo: ['camo', 'camouflage', 'pattern', 'optifade'],
  jacket: ['jacket', 'jackets', 'coat', 'coats'],
  shirt: ['shirt', 'shirts', 'tee', 'tees', 'top', 'tops'],
  hat: ['hat', 'hats', 'beanie', 'cap', 'caps'],
  glove: ['glove', 'gloves', 'mitt', 'mitts'],
  pack: ['pack', 'packs', 'backpack', 'bag'],
  boot: ['boot', 'boots', 'footwear'],
  baselayer: ['baselayer', 'baselayers', 'thermal', 'thermals'],
  womens: ['womens', 'women', 'woman', 'ladies'],
  mens: ['mens', 'men', 'man'],
  youth: ['youth', 'kids', 'kid', 'boys', 'girls'],
};

export const SEARCH_SYNONYMS: readonly SearchSynonymRow[] = Object.entries(SYNONYM_GROUPS).flatMap(
  ([groupName, terms]) => terms.map((term) => ({ term, groupName })),
);
