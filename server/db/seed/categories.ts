/**
 * The category tree of SPEC §2: 29 top-level categories nested up to four levels, about 200 URLs.
 *
 * Each leaf says which products it lists as a selector over product tags (see `ProductTag`, produced by
 * catalogue.ts): a list of alternatives, each a list of tags that must all be present. A branch lists the
 * union of its children (plus its own selector, if any), and every branch gets an `/all/` child that
 * lists the same products (`isAllListing`).
 *
 * Ids are fixed: each top-level category has an explicit id 1–29 and its descendants are numbered
 * `id * 100 + n` in depth-first order, so editing one department never renumbers another.
 */
import { COLOURS, type ColourCode } from './colours';
import { allListingIntro, categoryIntro } from './category-copy';
import type { ProductType } from './product-types';

export const PURSUITS = [
  { id: 'elk', name: 'Elk' },
  { id: 'whitetail', name: 'Whitetail' },
  { id: 'waterfowl', name: 'Waterfowl' },
  { id: 'upland', name: 'Upland' },
  { id: 'turkey', name: 'Turkey' },
  { id: 'mule-deer', name: 'Mule Deer' },
  { id: 'sheep-and-goat', name: 'Sheep & Goat' },
] as const;
export type Pursuit = (typeof PURSUITS)[number]['id'];

export const SEASONS = [
  { id: 'early', name: 'Early Season' },
  { id: 'mid', name: 'Mid Season' },
  { id: 'late', name: 'Late Season' },
] as const;
export type Season = (typeof SEASONS)[number]['id'];

export const TEMPERATURES = [
  { id: 'warm', name: 'Warm Weather' },
  { id: 'cool', name: 'Cool Weather' },
  { id: 'cold', name: 'Cold Weather' },
  { id: 'extreme', name: 'Extreme Cold' },
] as const;
export type Temperature = (typeof TEMPERATURES)[number]['id'];

export const COLLECTIONS = [
  { id: 'core', name: 'Core Collection' },
  { id: 'mountain', name: 'Mountain Collection' },
  { id: 'whitetail', name: 'Whitetail Collection' },
  { id: 'waterfowl', name: 'Waterfowl Collection' },
  { id: 'stormfront', name: 'Stormfront Collection' },
] as const;
export type Collection = (typeof COLLECTIONS)[number]['id'];

/** hunt: camouflage; hunt-solid: hunting cut in solid colours; everyday and logowear: casual. */
export type ProductLine = 'hunt' | 'hunt-solid' | 'everyday' | 'logowear';
export type SaleEvent = 'big-game' | 'black-friday' | 'cyber-monday' | 'summer';
export type Audience = 'mens' | 'womens' | 'youth';

/** Facts about a product that categories select on. Unisex products carry both adult audiences. */
export type ProductTag =
  | `audience:${Audience}`
  | `type:${ProductType}`
  | `style:${string}`
  | `color:${ColourCode}`
  | `pursuit:${Pursuit}`
  | `season:${Season}`
  | `temp:${Temperature}`
  | `collection:${Collection}`
  | `line:${ProductLine}`
  | `sale:${SaleEvent}`
  | `gift:${'under-100' | 'under-250' | 'stocking-stuffer'}`
  | 'gear'
  | 'sale'
  | 'deal'
  | 'new'
  | 'top-rated'
  | 'trending'
  | 'featured'
  | 'online-exclusive'
  | 'retail'
  | 'partners'
  | 'third-party'
  | 'bundle'
  | 'gear-guide';

/** Alternatives of conjunctions: a product matches if it has every tag of at least one alternative. */
export type Selector = readonly (readonly ProductTag[])[];

type CategoryNode = { name: string; select: Selector; children: CategoryNode[] };

const leaf = (name: string, ...alternatives: ProductTag[][]): CategoryNode => ({
  name,
  select: alternatives,
  children: [],
});
const branch = (name: string, children: CategoryNode[], ...alternatives: ProductTag[][]): CategoryNode => ({
  name,
  select: alternatives,
  children,
});

const CAMO_PATTERNS = COLOURS.filter((colour) => colour.isPattern);

function adultDepartment(name: 'Mens' | 'Womens', audience: `audience:${Audience}`): CategoryNode {
  const a = audience;
  return branch(
    name,
    [
      branch('Accessories', [
        leaf('Gloves', [a, 'type:glove']),
        leaf('Hats', [a, 'type:hat']),
        leaf('Gaiters', [a, 'type:gaiter']),
      ]),
      leaf('Baselayers', [a, 'type:baselayer']),
      branch('Bottoms', [
        branch('Pants', [
          leaf('Rain Pants', [a, 'style:rain-pant']),
          leaf('Insulated Pants', [a, 'style:insulated-pant']),
          leaf('Softshell Pants', [a, 'style:softshell-pant']),
        ]),
        leaf('Bibs', [a, 'type:bib']),
      ]),
      leaf('Everyday', [a, 'line:everyday']),
      leaf('Hunt Solids', [a, 'line:hunt-solid']),
      branch('Jackets and Vests', [
        leaf('Rain Jackets', [a, 'style:rain-jacket']),
        branch('Insulated Jackets', [
          leaf('Down Jackets', [a, 'style:down-jacket']),
          leaf('Synthetic Jackets', [a, 'style:synthetic-jacket']),
        ]),
        leaf('Softshell Jackets', [a, 'style:softshell-jacket']),
        leaf('Vests', [a, 'type:vest']),
      ]),
      leaf('Logowear', [a, 'line:logowear']),
      branch(
        'Pattern',
        CAMO_PATTERNS.map((colour) => leaf(colour.name, [a, `color:${colour.code}`])),
      ),
      branch(
        'Pursuit',
        PURSUITS.map((pursuit) => leaf(pursuit.name, [a, `pursuit:${pursuit.id}`])),
      ),
      branch('Tops', [leaf('Shirts', [a, 'type:shirt']), leaf('Hoodies', [a, 'type:hoody'])]),
    ],
    // Everything for this audience, including products (boots, waders, packs) no sub-category names.
    [a],
  );
}

function youthDepartment(): CategoryNode {
  const y = 'audience:youth';
  return branch(
    'Youth',
    [
      leaf('Accessories', [y, 'type:glove'], [y, 'type:hat']),
      leaf('Baselayers', [y, 'type:baselayer']),
      branch('Bottoms', [leaf('Pants', [y, 'type:pant']), leaf('Bibs', [y, 'type:bib'])]),
      branch('Jackets and Vests', [leaf('Jackets', [y, 'type:jacket']), leaf('Vests', [y, 'type:vest'])]),
      branch('Tops', [leaf('Shirts', [y, 'type:shirt']), leaf('Hoodies', [y, 'type:hoody'])]),
    ],
    [y],
  );
}

/** Top-level categories with their fixed ids, alphabetical as in SPEC §2. */
const TREE: readonly (readonly [number, CategoryNode])[] = [
  [1, leaf('3rd Party', ['third-party'])],
  [2, branch('Bottoms', [leaf('Pants', ['type:pant']), leaf('Bibs', ['type:bib'])])],
  [3, leaf('Bundles', ['bundle'])],
  [
    4,
    branch(
      'Collection',
      COLLECTIONS.map((collection) => leaf(collection.name, [`collection:${collection.id}`])),
    ),
  ],
  [5, leaf('Deals', ['deal'])],
  [6, leaf('Everyday', ['line:everyday'])],
  [7, leaf('Featured', ['featured'])],
  [8, branch('Footwear', [leaf('Boots', ['type:boot']), leaf('Gaiters', ['style:leg-gaiter'])])],
  [
    9,
    branch('Gear', [
      branch('Packs', [
        leaf('Day Packs', ['style:day-pack']),
        leaf('Multi-Day Packs', ['style:multi-day-pack']),
      ]),
      leaf('Gloves', ['type:glove']),
      leaf('Hats', ['type:hat']),
      leaf('Gaiters', ['type:gaiter']),
      leaf('Waders', ['type:wader']),
      leaf('Accessories', ['type:accessory']),
    ]),
  ],
  [10, leaf('Gear Guide', ['gear-guide'])],
  [
    11,
    branch('Gift Ideas', [
      leaf('Gifts Under $100', ['gift:under-100']),
      leaf('Gifts Under $250', ['gift:under-250']),
      leaf('Gifts for Him', ['audience:mens', 'top-rated'], ['audience:mens', 'featured']),
      leaf('Gifts for Her', ['audience:womens', 'top-rated'], ['audience:womens', 'featured']),
      leaf('Stocking Stuffers', ['gift:stocking-stuffer']),
    ]),
  ],
  [12, leaf('Hats', ['type:hat'])],
  [
    13,
    branch('Jackets', [
      leaf('Rain Jackets', ['style:rain-jacket']),
      leaf('Insulated Jackets', ['style:down-jacket'], ['style:synthetic-jacket']),
      leaf('Softshell Jackets', ['style:softshell-jacket']),
      leaf('Vests', ['type:vest']),
    ]),
  ],
  [14, adultDepartment('Mens', 'audience:mens')],
  [
    15,
    branch('New Arrivals', [
      leaf('Gear', ['new', 'gear']),
      leaf('Mens', ['new', 'audience:mens']),
      leaf('Womens', ['new', 'audience:womens']),
      leaf('Youth', ['new', 'audience:youth']),
    ]),
  ],
  [16, leaf('Online Exclusive', ['online-exclusive'])],
  [17, leaf('Partners', ['partners'])],
  [
    18,
    branch('Pattern', [
      ...CAMO_PATTERNS.map((colour) => leaf(colour.name, [`color:${colour.code}`])),
      leaf('Sitka Black', ['color:BLK'], ['color:BKBO']),
    ]),
  ],
  [19, leaf('Pre-Season Savings', ['sale', 'season:late'])],
  [
    20,
    branch(
      'Pursuit',
      PURSUITS.map((pursuit) => leaf(pursuit.name, [`pursuit:${pursuit.id}`])),
    ),
  ],
  [21, leaf('Retail', ['retail'])],
  [
    22,
    branch('Sale', [
      leaf('Big Game Sale', ['sale:big-game']),
      leaf('Black Friday Deals', ['sale:black-friday']),
      leaf('Cyber Monday Deals', ['sale:cyber-monday']),
      leaf('Gear', ['sale', 'gear']),
      leaf('Mens', ['sale', 'audience:mens']),
      leaf('Summer Sale', ['sale:summer']),
      leaf('Womens', ['sale', 'audience:womens']),
      leaf('Youth', ['sale', 'audience:youth']),
    ]),
  ],
  [
    23,
    branch(
      'Season',
      SEASONS.map((season) => leaf(season.name, [`season:${season.id}`])),
    ),
  ],
  [
    24,
    branch('Shirts and Tops', [
      leaf('Shirts', ['type:shirt']),
      leaf('Hoodies', ['type:hoody']),
      leaf('Baselayers', ['style:baselayer-top']),
    ]),
  ],
  [
    25,
    branch(
      'Temperature',
      TEMPERATURES.map((temperature) => leaf(temperature.name, [`temp:${temperature.id}`])),
    ),
  ],
  [26, leaf('Top Rated', ['top-rated'])],
  [27, leaf('Trending', ['trending'])],
  [28, adultDepartment('Womens', 'audience:womens')],
  [29, youthDepartment()],
];

export type CategoryRow = {
  id: number;
  parentId: number | null;
  name: string;
  slug: string;
  url: string;
  /** 1 for a top-level category (`/mens/`), up to 4. */
  depth: number;
  sortOrder: number;
  isVisible: boolean;
  description: string;
  isAllListing: boolean;
};

/** A category row and how its products are chosen. */
export type CategoryDefinition = {
  row: CategoryRow;
  /** Own selector: what a leaf lists, or what a branch lists beyond its children. */
  select: Selector;
  /** Ids of the child categories (not including the `/all/` listing). */
  childIds: number[];
  /** For a branch, the id of its `/all/` listing. */
  allListingId: number | null;
};

const DESCENDANTS_PER_DEPARTMENT = 100;

/** "3rd Party" → "3rd-party", "Sheep & Goat" → "sheep-and-goat", "Gifts Under $100" → "gifts-under-100". */
export function slugify(name: string): string {
  return name
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** The whole tree flattened in depth-first order (parents before children). */
export function buildCategories(): CategoryDefinition[] {
  const definitions: CategoryDefinition[] = [];
  TREE.forEach(([id, node], index) => {
    let nextDescendantId = id * DESCENDANTS_PER_DEPARTMENT + 1;
    const allocateId = () => {
      if (nextDescendantId >= (id + 1) * DESCENDANTS_PER_DEPARTMENT) {
        throw new Error(
          `Category department ${node.name} has more than ${DESCENDANTS_PER_DEPARTMENT - 1} descendants`,
        );
      }
      return nextDescendantId++;
    };
    const visit = (
      current: CategoryNode,
      categoryId: number,
      parent: CategoryRow | null,
      sortOrder: number,
      path: readonly string[],
    ) => {
      const slug = slugify(current.name);
      const row: CategoryRow = {
        id: categoryId,
        parentId: parent?.id ?? null,
        name: current.name,
        slug,
        url: `${parent?.url ?? '/'}${slug}/`,
        depth: (parent?.depth ?? 0) + 1,
        sortOrder,
        isVisible: true,
        description: categoryIntro(current.name, path),
        isAllListing: false,
      };
      const definition: CategoryDefinition = {
        row,
        select: current.select,
        childIds: [],
        allListingId: null,
      };
      definitions.push(definition);
      if (current.children.length === 0) return;
      // The `/all/` listing comes first among the children, as in the storefront's menus.
      const allId = allocateId();
      definitions.push({
        row: {
          ...row,
          id: allId,
          parentId: row.id,
          name: `All ${current.name}`,
          slug: 'all',
          url: `${row.url}all/`,
          depth: row.depth + 1,
          sortOrder: 0,
          // Its department too, as in the category's own: "All Bottoms" is under Mens, Womens and Youth, and each
          // listing has a description of its own (issue 9 §9) that names what it gathers.
          description: allListingIntro(
            current.name,
            path,
            current.children.map((child) => child.name),
          ),
          isAllListing: true,
        },
        select: [],
        childIds: [],
        allListingId: null,
      });
      definition.allListingId = allId;
      current.children.forEach((child, childIndex) => {
        const childId = allocateId();
        definition.childIds.push(childId);
        visit(child, childId, row, childIndex + 1, [...path, current.name]);
      });
    };
    visit(node, id, null, index, []);
  });
  return definitions;
}
