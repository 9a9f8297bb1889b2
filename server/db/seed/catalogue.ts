/**
 * Generates the seed catalogue: products with their options, variants, images, custom fields, modifiers,
 * bulk pricing rules, inventory and ratings, and their category assignments. Pure: the same options give
 * deep-equal rows, with no database and no clock (dates are relative to SEED_REFERENCE_DATE).
 *
 * Each product draws from its own random stream (`random.fork(index)`), so product N is the same
 * whatever the total count; only ids handed out by running counters (option values, variants) and
 * name de-duplication depend on the products before it.
 */
import type {
  bulkPricingRules,
  inventoryRecords,
  productCategories,
  productCustomFields,
  productImages,
  productModifiers,
  productOptions,
  productOptionValues,
  products,
  ratingSummaries,
  variants,
} from '../schema';
import {
  type CategoryDefinition,
  type Pursuit,
  type ProductLine,
  type ProductTag,
  type Season,
  type Temperature,
  type Collection,
  PURSUITS,
  slugify,
} from './categories';
import { colourByCode, COLOURS, swatchFileName, type ColourCode } from './colours';
import { createRandom, type Random } from './random';
import {
  GEAR_TYPES,
  GENDER_WEIGHTS,
  PRODUCT_TYPE_SPECS,
  sizesFor,
  TECHNOLOGY_BADGES,
  TYPE_WEIGHTS_BY_GENDER,
  type Gender,
  type ProductType,
  type Style,
  type Warmth,
} from './product-types';
import { IMAGE_HEIGHT, IMAGE_WIDTH, productImageUrl, type ImageView } from './product-art';

/** "Now" for the seed data: creation dates fall in the two years before it, badge windows around it. */
export const SEED_REFERENCE_DATE = new Date('2026-11-01T00:00:00Z');

export type ProductRow = typeof products.$inferSelect;
export type ProductOptionRow = typeof productOptions.$inferSelect;
export type ProductOptionValueRow = typeof productOptionValues.$inferSelect;
export type VariantRow = typeof variants.$inferSelect;
export type ProductImageRow = Omit<typeof productImages.$inferSelect, 'id'>;
export type ProductCustomFieldRow = Omit<typeof productCustomFields.$inferSelect, 'id'>;
export type ProductModifierRow = Omit<typeof productModifiers.$inferSelect, 'id'>;
export type BulkPricingRuleRow = Omit<typeof bulkPricingRules.$inferSelect, 'id'>;
export type ProductCategoryRow = typeof productCategories.$inferSelect;
export type InventoryRow = Omit<typeof inventoryRecords.$inferSelect, 'updatedAt'>;
export type RatingRow = typeof ratingSummaries.$inferSelect;

export type CatalogueRows = {
  products: ProductRow[];
  productOptions: ProductOptionRow[];
  productOptionValues: ProductOptionValueRow[];
  variants: VariantRow[];
  productImages: ProductImageRow[];
  productCustomFields: ProductCustomFieldRow[];
  productModifiers: ProductModifierRow[];
  bulkPricingRules: BulkPricingRuleRow[];
  productCategories: ProductCategoryRow[];
  inventoryRecords: InventoryRow[];
  ratingSummaries: RatingRow[];
};

/** What is fixed in advance about a product; everything else is drawn at random. */
type ProductBrief = {
  name?: string;
  gender?: Gender;
  type?: ProductType;
  styleId?: string;
  /** Given colours make a camouflage (hunt line) product. */
  colours?: ColourCode[];
};

export const ICON_PULLOVER_HOODY = 'Icon Pullover Hoody';

/** Products given by hand, first in the catalogue. */
const SIGNATURE_PRODUCTS: readonly Required<ProductBrief>[] = [
  {
    name: ICON_PULLOVER_HOODY,
    gender: 'Mens',
    type: 'hoody',
    styleId: 'pullover-hoody',
    colours: ['SUB', 'ELII', 'LD', 'BKBO'],
  },
  {
    name: 'Kelvin Lite Down Jacket',
    gender: 'Mens',
    type: 'jacket',
    styleId: 'down-jacket',
    colours: ['SUB', 'ELII', 'OC', 'LD'],
  },
  {
    name: 'Dakota Rain Pant',
    gender: 'Mens',
    type: 'pant',
    styleId: 'rain-pant',
    colours: ['SUB', 'OC', 'TMB', 'BLK'],
  },
  {
    name: "Women's Kelvin Lite Down Jacket",
    gender: 'Womens',
    type: 'jacket',
    styleId: 'down-jacket',
    colours: ['SUB', 'ELII', 'SHD'],
  },
  { name: 'Delta Zip Wader', gender: 'Unisex', type: 'wader', styleId: 'wader', colours: ['WM', 'TMB'] },
];

// prettier-ignore
const MODEL_NAMES = [
  'Kelvin', 'Dakota', 'Icon', 'Ascent', 'Apex', 'Traverse', 'Timberline', 'Stratus', 'Fanatic', 'Incinerator',
  'Cloudburst', 'Stormfront', 'Downpour', 'Jetstream', 'Ambient', 'Equinox', 'Gradient', 'Boreal', 'Grinder',
  'Hudson', 'Delta', 'Celsius', 'Blizzard', 'Summit', 'Ridgeline', 'Basin', 'Talus', 'Cirque', 'Sawtooth',
  'Cascade', 'Aspen', 'Tundra', 'Prairie', 'Flint', 'Cedar', 'Highline', 'Coldfront', 'Harvester', 'Vapor',
  'Thunderhead', 'Ravine', 'Mountain',
] as const;

const NAME_PREFIX: Record<Gender, string> = { Mens: '', Womens: "Women's ", Youth: 'Youth ', Unisex: '' };
const IMPORT_GENDER: Record<Gender, string> = {
  Mens: "Men's",
  Womens: "Women's",
  Youth: "Boys' and girls'",
  Unisex: 'Unisex',
};

// prettier-ignore
const LINE_WEIGHTS: Record<ProductType, readonly (readonly [ProductLine, number])[]> = {
  jacket: [['hunt', 70], ['hunt-solid', 18], ['everyday', 12]],
  vest: [['hunt', 65], ['hunt-solid', 25], ['everyday', 10]],
  pant: [['hunt', 70], ['hunt-solid', 18], ['everyday', 12]],
  bib: [['hunt', 80], ['hunt-solid', 20]],
  shirt: [['hunt', 40], ['hunt-solid', 15], ['everyday', 20], ['logowear', 25]],
  hoody: [['hunt', 40], ['hunt-solid', 15], ['everyday', 20], ['logowear', 25]],
  baselayer: [['hunt', 55], ['hunt-solid', 45]],
  glove: [['hunt', 70], ['hunt-solid', 30]],
  hat: [['hunt', 40], ['hunt-solid', 15], ['logowear', 45]],
  pack: [['hunt', 75], ['hunt-solid', 25]],
  gaiter: [['hunt', 75], ['hunt-solid', 25]],
  wader: [['hunt', 75], ['hunt-solid', 25]],
  boot: [['hunt', 60], ['hunt-solid', 40]],
  accessory: [['hunt', 75], ['hunt-solid', 25]],
};

/** Which hunts a colour is made for: camouflage patterns by terrain, blaze orange where it is required. */
const PURSUITS_BY_COLOUR: Partial<Record<ColourCode, readonly Pursuit[]>> = {
  SUB: ['elk', 'mule-deer', 'sheep-and-goat'],
  ELII: ['whitetail', 'turkey'],
  OC: ['elk', 'mule-deer', 'sheep-and-goat', 'upland'],
  WM: ['waterfowl'],
  TMB: ['whitetail', 'turkey', 'waterfowl'],
  BO: ['upland', 'whitetail'],
  BKBO: ['upland', 'whitetail'],
};
const BIG_GAME: readonly Pursuit[] = ['elk', 'mule-deer', 'sheep-and-goat', 'whitetail'];
const CASUAL_COLOURS: readonly ColourCode[] = ['BO', 'BKBO'];

const SEASONS_BY_WARMTH: Record<Warmth, readonly Season[]> = {
  0: ['early'],
  1: ['early', 'mid'],
  2: ['mid', 'late'],
  3: ['late'],
};
const TEMPERATURE_BY_WARMTH: Record<Warmth, Temperature> = { 0: 'warm', 1: 'cool', 2: 'cold', 3: 'extreme' };

/** Percent off for sale products: 40% of them under 25% off (badge "Sale"), the rest 25–50% ("N% OFF"). */
// prettier-ignore
const SALE_DISCOUNTS: readonly (readonly [number, number])[] = [[10, 10], [15, 15], [20, 15], [25, 15], [30, 20], [40, 15], [50, 10]];
const NEW_ARRIVAL_DAYS = 90;
const CREATED_SPAN_DAYS = 730;
const DAY_MS = 86_400_000;
const CUSTOM_BADGE_COPY = ['Summer Sale', 'Flash Sale 20% Off', 'Coming Soon', 'New Sizes'] as const;

/** Everything decided about one product before it becomes rows. */
type ProductPlan = {
  id: number;
  sku: string;
  name: string;
  gender: Gender;
  type: ProductType;
  style: Style;
  line: ProductLine;
  colours: ColourCode[];
  pursuits: Pursuit[];
  priceCents: number;
  salePriceCents: number | null;
  createdAt: Date;
  rating: { score: number; totalCount: number } | null;
  featuredRank: number;
  brandId: number;
};

type IdCounters = { optionValue: number; variant: number; modifierValue: number };

export function generateCatalogue(options: {
  products: number;
  seed: number;
  categories: readonly CategoryDefinition[];
}): CatalogueRows {
  if (options.products < SIGNATURE_PRODUCTS.length || options.products > 100_000) {
    throw new Error(
      `products must be between ${SIGNATURE_PRODUCTS.length} and 100000 (got ${options.products})`,
    );
  }
  const random = createRandom(options.seed);
  const rows: CatalogueRows = {
    products: [],
    productOptions: [],
    productOptionValues: [],
    variants: [],
    productImages: [],
    productCustomFields: [],
    productModifiers: [],
    bulkPricingRules: [],
    productCategories: [],
    inventoryRecords: [],
    ratingSummaries: [],
  };
  const counters: IdCounters = { optionValue: 1, variant: 1, modifierValue: 1 };
  const usedNames = new Set<string>();
  const usedUrls = new Set<string>();
  const tagsByProduct = new Map<number, Set<ProductTag>>();

  const assortment = [...SIGNATURE_PRODUCTS, ...random.fork('assortment').shuffle(assortmentGrid())];
  for (let index = 0; index < options.products; index++) {
    const productRandom = random.fork(`product:${index}`);
    const plan = planProduct(index, assortment[index] ?? {}, productRandom, usedNames);
    const url = uniqueUrl(slugify(plan.name), plan.sku, usedUrls);
    appendProductRows(rows, plan, url, productRandom, counters);
    tagsByProduct.set(plan.id, productTags(plan, productRandom));
  }
  rows.productCategories = assignCategories(options.categories, rows.products, tagsByProduct);
  rows.ratingSummaries.push(
    ...categoryRatings(options.categories, rows.productCategories, rows.ratingSummaries),
  );
  return rows;
}

/* ───────────── planning one product ───────────── */

/**
 * One product of every gender × type × style the store carries, placed right after the signature
 * products: every product-type category then has products in any catalogue of 100 products or more.
 */
function assortmentGrid(): ProductBrief[] {
  return GENDER_WEIGHTS.flatMap(([gender]) =>
    TYPE_WEIGHTS_BY_GENDER[gender].flatMap(([type]) =>
      PRODUCT_TYPE_SPECS[type].styles.map((style) => ({ gender, type, styleId: style.id })),
    ),
  );
}

function planProduct(
  index: number,
  brief: ProductBrief,
  random: Random,
  usedNames: Set<string>,
): ProductPlan {
  const gender = brief.gender ?? random.weighted(GENDER_WEIGHTS);
  const type = brief.type ?? random.weighted(TYPE_WEIGHTS_BY_GENDER[gender]);
  const spec = PRODUCT_TYPE_SPECS[type];
  const style = spec.styles.find((candidate) => candidate.id === brief.styleId) ?? random.pick(spec.styles);
  const line: ProductLine = brief.colours ? 'hunt' : random.weighted(LINE_WEIGHTS[type]);
  const colours = brief.colours ?? pickColours(spec.palette, line, random);
  const name = brief.name ?? uniqueName(gender, style, random, usedNames);
  usedNames.add(name);
  const priceCents = listPrice(style, gender, random);
  const daysAgo = Math.floor(CREATED_SPAN_DAYS * random.next() ** 1.3);
  return {
    id: index + 1,
    sku: parentSku(index),
    name,
    gender,
    type,
    style,
    line,
    colours,
    pursuits: pursuitsFor(type, line, colours, random),
    priceCents,
    salePriceCents: random.chance(0.25) ? salePrice(priceCents, random.weighted(SALE_DISCOUNTS)) : null,
    createdAt: new Date(SEED_REFERENCE_DATE.getTime() - daysAgo * DAY_MS - random.int(0, 1439) * 60_000),
    rating: random.chance(0.85) ? productRating(random) : null,
    featuredRank: random.chance(0.1) ? random.int(1, 100) : 0,
    // Some gear is third-party (brand 2 or 3); the house brand is 1.
    brandId: gender === 'Unisex' && random.chance(0.2) ? random.int(2, 3) : 1,
  };
}

/**
 * Six-digit parent SKUs that look unordered: 600000 + (index × 7919 mod 100000). 7919 is prime and
 * coprime with 100000, so the mapping is one-to-one for up to 100,000 products.
 */
export function parentSku(index: number): string {
  return String(600_000 + ((index * 7919 + 4231) % 100_000));
}

function uniqueName(gender: Gender, style: Style, random: Random, usedNames: Set<string>): string {
  let name = '';
  // A few tries at an unused model/noun pair; a large catalogue runs out of pairs and repeats names.
  for (let attempt = 0; attempt < 8; attempt++) {
    name = `${NAME_PREFIX[gender]}${random.pick(MODEL_NAMES)} ${random.pick(style.nouns)}`;
    if (!usedNames.has(name)) break;
  }
  return name;
}

function uniqueUrl(slug: string, sku: string, usedUrls: Set<string>): string {
  const url = usedUrls.has(slug) ? `${slug}-${sku}` : slug;
  usedUrls.add(url);
  return url;
}

/** Camouflage first, then solids, each group in palette order (SPEC §3: patterns first). */
function pickColours(palette: readonly ColourCode[], line: ProductLine, random: Random): ColourCode[] {
  const camo = palette.filter((code) => colourByCode(code).isPattern);
  const solids = palette.filter((code) => !colourByCode(code).isPattern);
  const casualSolids = solids.filter((code) => !CASUAL_COLOURS.includes(code));
  let chosen: ColourCode[];
  if (line === 'hunt' && camo.length > 0) {
    const camoCount = random.weighted([
      [1, 35],
      [2, 40],
      [3, 25],
    ] as const);
    const solidCount = random.weighted([
      [0, 50],
      [1, 35],
      [2, 15],
    ] as const);
    chosen = [...random.sample(camo, camoCount), ...random.sample(solids, solidCount)];
  } else {
    const pool = line === 'hunt' || line === 'hunt-solid' ? solids : casualSolids;
    chosen = random.sample(pool, random.int(1, 3));
  }
  const order = (code: ColourCode) => COLOURS.findIndex((colour) => colour.code === code);
  return chosen.sort((a, b) => order(a) - order(b));
}

function pursuitsFor(
  type: ProductType,
  line: ProductLine,
  colours: readonly ColourCode[],
  random: Random,
): Pursuit[] {
  if (line === 'everyday' || line === 'logowear') return [];
  if (type === 'wader') return ['waterfowl'];
  const fromColours = new Set(colours.flatMap((code) => PURSUITS_BY_COLOUR[code] ?? []));
  if (fromColours.size === 0) {
    // Solid hunting gear: made for a couple of hunts, chosen at random.
    for (const pursuit of random.sample(PURSUITS, random.int(1, 2))) fromColours.add(pursuit.id);
  }
  return PURSUITS.map((pursuit) => pursuit.id).filter((id) => fromColours.has(id));
}

/** A "charm" price ending in 9 whole dollars ($249.00), in the style's range; youth sizes cost less. */
function listPrice(style: Style, gender: Gender, random: Random): number {
  const [min, max] = style.priceDollars;
  const tens = random.int(Math.ceil((min + 1) / 10), Math.floor((max + 1) / 10));
  const dollars = tens * 10 - 1;
  const adjusted = gender === 'Youth' ? Math.max(49, Math.round((dollars * 0.6 + 1) / 10) * 10 - 1) : dollars;
  return adjusted * 100;
}

/** Whole dollars below the exact discount, minus a cent ($104.99), so the badge rounds as intended. */
export function salePrice(priceCents: number, percentOff: number): number {
  return Math.floor((priceCents * (100 - percentOff)) / 100 / 100) * 100 - 1;
}

/** Scores skew high (most 3.5–5, a few poor), counts skew low (log-uniform 1 … ~1600). */
function productRating(random: Random): { score: number; totalCount: number } {
  const score = random.chance(0.92) ? 3.5 + 1.5 * (1 - random.next() ** 2) : 1 + 2.5 * random.next();
  const totalCount = Math.max(1, Math.round(Math.exp(random.next() ** 1.6 * Math.log(1600))));
  return { score: Math.round(Math.min(5, Math.max(1, score)) * 100) / 100, totalCount };
}

/* ───────────── rows of one product ───────────── */

function appendProductRows(
  rows: CatalogueRows,
  plan: ProductPlan,
  url: string,
  random: Random,
  counters: IdCounters,
): void {
  rows.products.push({
    id: plan.id,
    sku: plan.sku,
    name: plan.name,
    brandId: plan.brandId,
    url,
    description: describe(plan),
    priceCents: plan.priceCents,
    salePriceCents: plan.salePriceCents,
    gender: plan.gender,
    productType: plan.type,
    isVisible: true,
    featuredRank: plan.featuredRank,
    createdAt: plan.createdAt,
  });

  const colorOptionId = plan.id * 2 - 1;
  const sizeOptionId = plan.id * 2;
  rows.productOptions.push(
    { id: colorOptionId, productId: plan.id, displayName: 'Color', sortOrder: 0 },
    { id: sizeOptionId, productId: plan.id, displayName: 'Size', sortOrder: 1 },
  );
  const colourValues = plan.colours.map((code, index): ProductOptionValueRow => {
    const colour = colourByCode(code);
    return {
      id: counters.optionValue++,
      optionId: colorOptionId,
      label: colour.name,
      sortOrder: index,
      isDefault: index === 0,
      swatch: swatchFileName(code),
      colorHex: colour.hex,
      isPattern: colour.isPattern,
    };
  });
  const sizes = sizesFor(plan.type, plan.gender);
  const sizeValues = sizes.map((size, index): ProductOptionValueRow => ({
    id: counters.optionValue++,
    optionId: sizeOptionId,
    label: size.label,
    sortOrder: index,
    isDefault: false,
    swatch: null,
    colorHex: null,
    isPattern: false,
  }));
  rows.productOptionValues.push(...colourValues, ...sizeValues);

  const views = imageViews(random);
  const images = plan.colours.flatMap((code, colourIndex) =>
    views.map((view, viewIndex): ProductImageRow => ({
      productId: plan.id,
      url: productImageUrl(plan.type, code, view),
      sortOrder: colourIndex * views.length + viewIndex,
      isThumbnail: colourIndex === 0 && viewIndex === 0,
      width: IMAGE_WIDTH,
      height: IMAGE_HEIGHT,
      description: {
        colorName: colourByCode(code).name,
        colorCode: `${plan.sku}-${code}`,
        number: viewIndex + 1,
        isModel: view.startsWith('lifestyle') && !GEAR_TYPES.includes(plan.type),
        default: view === 'front',
        islifestyle: view.startsWith('lifestyle'),
      },
    })),
  );
  rows.productImages.push(...images);

  plan.colours.forEach((code, colourIndex) => {
    const colourValue = colourValues[colourIndex] as ProductOptionValueRow;
    sizes.forEach((size, sizeIndex) => {
      const variantSku = `${plan.sku}-${code}-${size.code}`;
      // 3XL costs $10 more, which exercises the variant price override.
      const upcharge = size.label === '3XL' ? 1000 : null;
      const id = counters.variant++;
      rows.variants.push({
        id,
        productId: plan.id,
        sku: variantSku,
        priceCents: upcharge === null ? null : plan.priceCents + upcharge,
        salePriceCents:
          upcharge === null || plan.salePriceCents === null ? null : plan.salePriceCents + upcharge,
        upc: upc(id),
        imageUrl: productImageUrl(plan.type, code, 'front'),
        purchasingDisabled: random.chance(0.015),
        colorValueId: colourValue.id,
        sizeValueId: (sizeValues[sizeIndex] as ProductOptionValueRow).id,
      });
      rows.inventoryRecords.push({ variantSku, ...stockLevels(random) });
    });
  });

  rows.productCustomFields.push(
    ...customFields(plan, random).map(([name, value]) => ({ productId: plan.id, name, value })),
  );
  rows.productModifiers.push(...modifiers(plan, counters));
  if (random.chance(GEAR_TYPES.includes(plan.type) || plan.type === 'baselayer' ? 0.2 : 0.03)) {
    rows.bulkPricingRules.push(
      { productId: plan.id, quantityMin: 3, quantityMax: 5, type: 'percent', amount: 500 },
      { productId: plan.id, quantityMin: 6, quantityMax: null, type: 'percent', amount: 1000 },
    );
  }
  if (plan.rating) rows.ratingSummaries.push({ targetType: 'product', targetId: plan.id, ...plan.rating });
}

function describe(plan: ProductPlan): string {
  const pursuits = plan.pursuits.map((id) =>
    PURSUITS.find((pursuit) => pursuit.id === id)?.name.toLowerCase(),
  );
  const seasons = SEASONS_BY_WARMTH[plan.style.warmth].join(' and ');
  const use = pursuits.length > 0 ? `Built for ${pursuits.join(', ')} hunts` : 'Made for everyday wear';
  return `The ${plan.name} is a ${plan.style.nouns[0]?.toLowerCase()} in ${plan.colours.length} colourway${plan.colours.length > 1 ? 's' : ''}. ${use}, ${seasons} season.`;
}

/** Most products show five images per colourway (two lifestyle); some four, a few three (one lifestyle). */
function imageViews(random: Random): ImageView[] {
  const count = random.weighted([
    [3, 15],
    [4, 40],
    [5, 45],
  ] as const);
  if (count === 3) return ['front', 'detail', 'lifestyle-1'];
  if (count === 4) return ['front', 'back', 'lifestyle-1', 'lifestyle-2'];
  return ['front', 'back', 'detail', 'lifestyle-1', 'lifestyle-2'];
}

/** A 12-digit UPC-A: company prefix 84, the variant id, and the standard check digit. */
export function upc(variantId: number): string {
  const body = `84${String(variantId).padStart(9, '0')}`;
  const sum = [...body].reduce((total, digit, index) => total + Number(digit) * (index % 2 === 0 ? 3 : 1), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

/** About 5% sold out (both 0), 7% low stock (1–3 in all); pro stock is the smaller pool. */
function stockLevels(random: Random): { standardQuantity: number; proQuantity: number } {
  const roll = random.next();
  if (roll < 0.05) return { standardQuantity: 0, proQuantity: 0 };
  if (roll < 0.12) {
    const total = random.int(1, 3);
    const pro = random.int(0, total);
    return { standardQuantity: total - pro, proQuantity: pro };
  }
  return { standardQuantity: random.int(4, 80), proQuantity: random.int(0, 25) };
}

type CustomField = readonly [name: string, value: string];

function customFields(plan: ProductPlan, random: Random): CustomField[] {
  const fields: CustomField[] = [
    ['gender', plan.gender],
    ['product_type', plan.type],
    ['exclude_pro_discount', String(random.chance(0.08))],
  ];
  const technologies = technologyBadges(plan.style, random);
  if (technologies.length > 0) fields.push(['technology_badges', technologies.join(',')]);
  fields.push([
    'us_import_description',
    `${IMPORT_GENDER[plan.gender]} ${PRODUCT_TYPE_SPECS[plan.type].importDescription}`,
  ]);
  if (random.chance(0.35)) fields.push(...badgeFields(plan, random));
  if (random.chance(0.2)) {
    const discounts: Record<string, number> = {
      'Pro Program': random.pick([30, 35, 40]),
      'Shed App': random.pick([25, 30]),
    };
    if (random.chance(0.3)) discounts['VIP 10'] = 15;
    fields.push(['product_discount', JSON.stringify(discounts)]);
  }
  // A second product_discount* field: the spec matches these by prefix.
  if (random.chance(0.05))
    fields.push([
      'product_discount_govx',
      JSON.stringify({ 'GovX Military': 20, 'GovX First Responders': 20 }),
    ]);
  return fields;
}

/** Zero to two of the style's technologies, listed in SPEC §9 priority order. */
function technologyBadges(style: Style, random: Random): string[] {
  if (style.technologies.length === 0) return [];
  const chosen = random.sample(
    style.technologies,
    random.weighted([
      [0, 25],
      [1, 50],
      [2, 25],
    ] as const),
  );
  return TECHNOLOGY_BADGES.filter((badge) => chosen.includes(badge));
}

/**
 * One badge with its display window. Windows are current, expired or future relative to
 * SEED_REFERENCE_DATE; unused badge fields are present but blank or "false", as an editor leaves them.
 */
function badgeFields(plan: ProductPlan, random: Random): CustomField[] {
  const kind = random.weighted([
    ['new', 35],
    ['exclusive', 20],
    ['new-color', 25],
    ['custom', 20],
  ] as const);
  const window = random.weighted([
    ['current', 60],
    ['expired', 20],
    ['future', 20],
  ] as const);
  const ref = SEED_REFERENCE_DATE.getTime();
  let start: number;
  let end: number;
  if (window === 'current') {
    start = ref - random.int(1, 60) * DAY_MS;
    end = ref + random.int(30, 150) * DAY_MS;
  } else if (window === 'expired') {
    start = ref - random.int(200, 400) * DAY_MS;
    end = ref - random.int(10, 120) * DAY_MS;
  } else {
    start = ref + random.int(15, 90) * DAY_MS;
    end = start + random.int(30, 120) * DAY_MS;
  }
  const withTime = random.chance(0.3);
  const lastColour = plan.colours[plan.colours.length - 1] as ColourCode;
  return [
    ['badge_start', formatBadgeDate(start, withTime ? random.int(0, 23) * 60 : null)],
    ['badge_end', formatBadgeDate(end, withTime ? 23 * 60 + 59 : null)],
    ['badge_exclusive', String(kind === 'exclusive')],
    ['badge_exclusive_variants', kind === 'exclusive' && random.chance(0.5) ? (plan.colours[0] ?? '') : ''],
    ['badge_new', String(kind === 'new')],
    ['badge_new_color', String(kind === 'new-color')],
    ['badge_new_color_variants', kind === 'new-color' ? lastColour : ''],
    ['badge_custom', kind === 'custom' ? random.pick(CUSTOM_BADGE_COPY) : ''],
  ];
}

/** SPEC §5 date format: YYYY-MM-DD, optionally with HH:MM. */
function formatBadgeDate(dayMs: number, minutes: number | null): string {
  const date = new Date(dayMs).toISOString().slice(0, 10);
  if (minutes === null) return date;
  const hh = String(Math.floor(minutes / 60)).padStart(2, '0');
  const mm = String(minutes % 60).padStart(2, '0');
  return `${date} ${hh}:${mm}`;
}

function modifiers(plan: ProductPlan, counters: IdCounters): ProductModifierRow[] {
  const value = (label: string, isDefault: boolean) => ({ id: counters.modifierValue++, label, isDefault });
  const onSale = plan.salePriceCents !== null;
  return [
    {
      productId: plan.id,
      displayName: 'Sale',
      type: 'radio_buttons',
      required: false,
      values: [value('Yes', onSale), value('No', !onSale)],
    },
    // SPEC §9: 02 is standard stock, 03 pro stock (pro-priced).
    {
      productId: plan.id,
      displayName: 'Warehouse',
      type: 'radio_buttons',
      required: true,
      values: [value('02', true), value('03', false)],
    },
    { productId: plan.id, displayName: 'Cart data', type: 'text', required: false, values: [] },
    {
      productId: plan.id,
      displayName: 'Color code',
      type: 'dropdown',
      required: false,
      values: plan.colours.map((code, index) => value(code, index === 0)),
    },
  ];
}

/* ───────────── tags and categories ───────────── */

function productTags(plan: ProductPlan, random: Random): Set<ProductTag> {
  const tags = new Set<ProductTag>([`type:${plan.type}`, `style:${plan.style.id}`, `line:${plan.line}`]);
  if (plan.gender === 'Unisex') {
    tags.add('audience:mens').add('audience:womens');
  } else {
    tags.add(`audience:${plan.gender.toLowerCase() as 'mens' | 'womens' | 'youth'}`);
  }
  if (plan.gender === 'Unisex' || GEAR_TYPES.includes(plan.type)) tags.add('gear');
  for (const code of plan.colours) tags.add(`color:${code}`);
  for (const pursuit of plan.pursuits) tags.add(`pursuit:${pursuit}`);
  const seasons = SEASONS_BY_WARMTH[plan.style.warmth];
  for (const season of seasons) tags.add(`season:${season}`);
  tags.add(`temp:${TEMPERATURE_BY_WARMTH[plan.style.warmth]}`);
  const collection = collectionFor(plan);
  if (collection) tags.add(`collection:${collection}`);

  if (plan.salePriceCents !== null) {
    tags.add('sale');
    const percentOff = 100 - (plan.salePriceCents / plan.priceCents) * 100;
    if (percentOff >= 30) tags.add('deal');
    if (plan.pursuits.some((pursuit) => BIG_GAME.includes(pursuit))) tags.add('sale:big-game');
    if (random.chance(0.5)) tags.add('sale:black-friday');
    if (random.chance(0.4)) tags.add('sale:cyber-monday');
    if (seasons.includes('early')) tags.add('sale:summer');
  }
  const effectivePrice = plan.salePriceCents ?? plan.priceCents;
  if (effectivePrice <= 10_000) tags.add('gift:under-100');
  if (effectivePrice <= 25_000) tags.add('gift:under-250');
  if (['hat', 'glove', 'gaiter', 'accessory'].includes(plan.type) && effectivePrice <= 7_000)
    tags.add('gift:stocking-stuffer');

  const isNew = SEED_REFERENCE_DATE.getTime() - plan.createdAt.getTime() < NEW_ARRIVAL_DAYS * DAY_MS;
  if (isNew) tags.add('new');
  const topRated = plan.rating !== null && plan.rating.score >= 4.6 && plan.rating.totalCount >= 20;
  if (topRated) tags.add('top-rated');
  if (random.chance(isNew ? 0.3 : 0.06)) tags.add('trending');
  if (plan.featuredRank > 0) tags.add('featured');
  if (random.chance(0.05)) tags.add('online-exclusive');
  if (random.chance(0.1)) tags.add('retail');
  if (random.chance(0.04)) tags.add('partners');
  if (random.chance(0.03)) tags.add('bundle');
  if (plan.brandId !== 1) tags.add('third-party');
  if (tags.has('gear') && (topRated || random.chance(0.15))) tags.add('gear-guide');
  return tags;
}

function collectionFor(plan: ProductPlan): Collection | null {
  if (plan.line === 'everyday' || plan.line === 'logowear') return null;
  if (plan.type === 'baselayer') return 'core';
  if (plan.style.id.startsWith('rain-')) return 'stormfront';
  const first = plan.pursuits[0];
  if (first === 'waterfowl') return 'waterfowl';
  if (first === 'whitetail' || first === 'turkey' || first === 'upland') return 'whitetail';
  if (first) return 'mountain';
  return 'core';
}

function matches(select: CategoryDefinition['select'], tags: ReadonlySet<ProductTag>): boolean {
  return select.some((alternative) => alternative.every((tag) => tags.has(tag)));
}

/**
 * Leaves list the products their selector matches; a branch lists the union of its children and its own
 * selector; an `/all/` listing lists its parent's products. Within a category, featured products come
 * first (highest rank), then the newest.
 */
export function assignCategories(
  categories: readonly CategoryDefinition[],
  productRows: readonly ProductRow[],
  tagsByProduct: ReadonlyMap<number, ReadonlySet<ProductTag>>,
): ProductCategoryRow[] {
  const members = new Map<number, Set<number>>();
  // Definitions are depth-first (parents first), so walking backwards sees every child before its parent.
  for (const definition of [...categories].reverse()) {
    if (definition.row.isAllListing) continue;
    const ids = new Set<number>();
    for (const product of productRows) {
      if (matches(definition.select, tagsByProduct.get(product.id) ?? new Set())) ids.add(product.id);
    }
    for (const childId of definition.childIds) for (const id of members.get(childId) ?? []) ids.add(id);
    members.set(definition.row.id, ids);
    if (definition.allListingId !== null) members.set(definition.allListingId, ids);
  }
  const byId = new Map(productRows.map((product) => [product.id, product]));
  const listingOrder = (a: ProductRow, b: ProductRow) =>
    b.featuredRank - a.featuredRank || b.createdAt.getTime() - a.createdAt.getTime() || a.id - b.id;
  return categories.flatMap((definition) =>
    [...(members.get(definition.row.id) ?? [])]
      .map((id) => byId.get(id) as ProductRow)
      .sort(listingOrder)
      .map((product, sortOrder) => ({ productId: product.id, categoryId: definition.row.id, sortOrder })),
  );
}

/** Department-level ratings: the review-weighted mean of their products' ratings. */
const RATED_CATEGORY_URLS = ['/mens/', '/womens/', '/youth/', '/gear/', '/jackets/', '/pursuit/'];

function categoryRatings(
  categories: readonly CategoryDefinition[],
  assignments: readonly ProductCategoryRow[],
  productRatings: readonly RatingRow[],
): RatingRow[] {
  const ratingByProduct = new Map(productRatings.map((rating) => [rating.targetId, rating]));
  return categories
    .filter((definition) => RATED_CATEGORY_URLS.includes(definition.row.url))
    .flatMap((definition) => {
      let weighted = 0;
      let count = 0;
      for (const assignment of assignments) {
        if (assignment.categoryId !== definition.row.id) continue;
        const rating = ratingByProduct.get(assignment.productId);
        if (!rating) continue;
        weighted += rating.score * rating.totalCount;
        count += rating.totalCount;
      }
      if (count === 0) return [];
      return [
        {
          targetType: 'category',
          targetId: definition.row.id,
          score: Math.round((weighted / count) * 100) / 100,
          totalCount: count,
        },
      ];
    });
}
