/**
 * Plans one product of the seed catalogue: what it is (gender, type, style, line), its name, colours,
 * pursuits, prices, creation date, rating and rank. Pure; draws only from the random stream it is given.
 */
import { PURSUITS, type ProductLine, type Pursuit, type Season } from './categories';
import { colourByCode, COLOURS, type ColourCode } from './colours';
import type { Random } from './random';
import {
  GENDER_WEIGHTS,
  PRODUCT_TYPE_SPECS,
  TYPE_WEIGHTS_BY_GENDER,
  type Gender,
  type ProductType,
  type Style,
  type Warmth,
} from './product-types';

/** "Now" for the seed data: creation dates fall in the two years before it, badge windows around it. */
export const SEED_REFERENCE_DATE = new Date('2026-11-01T00:00:00Z');
export const DAY_MS = 86_400_000;
const CREATED_SPAN_DAYS = 730;

/** What is fixed in advance about a product; everything else is drawn at random. */
export type ProductBrief = {
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
/** Blaze orange is for hunting, not for everyday wear. */
const HUNTING_ONLY_COLOURS: readonly ColourCode[] = ['BO', 'BKBO'];

/** The seasons a garment of each warmth is worn in. */
export const SEASONS_BY_WARMTH: Record<Warmth, readonly Season[]> = {
  0: ['early'],
  1: ['early', 'mid'],
  2: ['mid', 'late'],
  3: ['late'],
};

/** Percent off for sale products: 40% of them under 25% off (badge "Sale"), the rest 25–50% ("N% OFF"). */
// prettier-ignore
const SALE_DISCOUNTS: readonly (readonly [number, number])[] = [[10, 10], [15, 15], [20, 15], [25, 15], [30, 20], [40, 15], [50, 10]];

/** Everything decided about one product before it becomes rows. */
export type ProductPlan = {
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
  /** The percentage the sale takes off (every size's sale price rounds to it), or null. */
  salePercent: number | null;
  createdAt: Date;
  rating: { score: number; totalCount: number } | null;
  featuredRank: number;
  brandId: number;
  /** Sold online only: listed in Online Exclusive and badged "Exclusive" (every colour). */
  onlineExclusive: boolean;
  /**
   * Announced but not on sale yet: badged "Coming Soon", every variant has purchasing disabled and no stock, and
   * it has no reviews and no sale price (nobody can have bought it).
   */
  comingSoon: boolean;
};

/** Products created within this many days of SEED_REFERENCE_DATE are New Arrivals and badged "New". */
export const NEW_ARRIVAL_DAYS = 90;

export function isNewArrival(plan: Pick<ProductPlan, 'createdAt'>): boolean {
  return SEED_REFERENCE_DATE.getTime() - plan.createdAt.getTime() < NEW_ARRIVAL_DAYS * DAY_MS;
}

/** The fixed part of each product in catalogue order: the signature products, then the assortment grid. */
export function productBriefs(random: Random): ProductBrief[] {
  return [...SIGNATURE_PRODUCTS, ...random.shuffle(assortmentGrid())];
}

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

/** Decides product `index`: the brief's fixed facts, the rest drawn from `random` (its own stream). */
export function planProduct(
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
  // Raising to a power > 1 skews towards 0 days ago: more products are recent, as in a live catalogue.
  const daysAgo = Math.floor(CREATED_SPAN_DAYS * random.next() ** 1.3);
  const plan: ProductPlan = {
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
    salePriceCents: null,
    salePercent: random.chance(0.25) ? random.weighted(SALE_DISCOUNTS) : null,
    createdAt: new Date(SEED_REFERENCE_DATE.getTime() - daysAgo * DAY_MS - random.int(0, 1439) * 60_000),
    rating: random.chance(0.85) ? productRating(random) : null,
    featuredRank: random.chance(0.1) ? random.int(1, 100) : 0,
    // Some gear is third-party (brand 2 or 3); the house brand is 1.
    brandId: gender === 'Unisex' && random.chance(0.2) ? random.int(2, 3) : 1,
    onlineExclusive: random.chance(0.05),
    comingSoon: false,
  };
  if (plan.salePercent !== null) plan.salePriceCents = salePrice(priceCents, plan.salePercent);
  // A few products (never the hand-written ones) are announced before they can be bought.
  if (brief.name === undefined && random.chance(0.03)) {
    plan.comingSoon = true;
    plan.salePriceCents = null;
    plan.salePercent = null;
    plan.rating = null;
    plan.createdAt = new Date(SEED_REFERENCE_DATE.getTime() - random.int(1, 20) * DAY_MS);
  }
  return plan;
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

/** Camouflage first, then solids, each group in palette order (SPEC §3: patterns first). */
function pickColours(palette: readonly ColourCode[], line: ProductLine, random: Random): ColourCode[] {
  const camo = palette.filter((code) => colourByCode(code).isPattern);
  const solids = palette.filter((code) => !colourByCode(code).isPattern);
  const everydaySolids = solids.filter((code) => !HUNTING_ONLY_COLOURS.includes(code));
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
    const pool = line === 'hunt' || line === 'hunt-solid' ? solids : everydaySolids;
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

/**
 * A sale price whose discount is `percentOff` to within half a percent and never less (so it rounds to it and stays
 * on its side of the 25 % "Sale" / "N% OFF" boundary): the .99 price below the exact one ($104.99), else the .99
 * price above it, else the exact price rounded down to the cent.
 */
export function salePrice(priceCents: number, percentOff: number): number {
  const exact = (priceCents * (100 - percentOff)) / 100;
  const fits = (cents: number) => {
    const off = ((priceCents - cents) / priceCents) * 100;
    return off >= percentOff && off < percentOff + 0.5;
  };
  const below = Math.floor(exact / 100) * 100 - 1;
  const above = Math.ceil(exact / 100) * 100 - 1;
  if (fits(below)) return below;
  if (fits(above)) return above;
  return Math.floor(exact);
}

/**
 * A rating made of reviews: counts skew low (exponential in a skewed draw, 1 … 1600); each review gives 1–5 stars,
 * drawn from the product's quality (most products are liked, a few are poor), and the score is their average. So a
 * single review gives a whole number, and hundreds of reviews do not all give five stars (issue 9 §2).
 */
function productRating(random: Random): { score: number; totalCount: number } {
  const totalCount = Math.max(1, Math.round(Math.exp(random.next() ** 1.6 * Math.log(1600))));
  const quality = random.chance(0.92) ? 0.7 + 0.28 * random.next() : 0.05 + 0.4 * random.next();
  // Chance of 5, 4, 3, 2 stars (1 star takes the rest).
  const five = 0.1 + 0.75 * quality;
  const four = 0.08 + 0.07 * quality;
  const rest = 1 - five - four;
  let stars = 0;
  for (let review = 0; review < totalCount; review++) {
    const roll = random.next();
    if (roll < five) stars += 5;
    else if (roll < five + four) stars += 4;
    else if (roll < five + four + rest * 0.4) stars += 3;
    else if (roll < five + four + rest * 0.7) stars += 2;
    else stars += 1;
  }
  return { score: Math.round((stars / totalCount) * 100) / 100, totalCount };
}
