/**
 * Custom fields (gender, product_type, technology_badges, badge_*, product_discount*, …) and modifiers
 * (Sale, Warehouse, Cart data, Color code) of a planned product, as SPEC §3 lists them.
 */
import type { productModifiers } from '../schema';
import { inSummerSale } from './category-assignment';
import { DAY_MS, isNewArrival, SEED_REFERENCE_DATE, type ProductPlan } from './product-plan';
import type { ColourCode } from './colours';
import type { Random } from './random';
import { PRODUCT_TYPE_SPECS, TECHNOLOGY_BADGES, type Gender, type Style } from './product-types';

export type ProductModifierRow = Omit<typeof productModifiers.$inferSelect, 'id'>;

const IMPORT_GENDER: Record<Gender, string> = {
  Mens: "Men's",
  Womens: "Women's",
  Youth: "Boys' and girls'",
  Unisex: 'Unisex',
};

type CustomField = readonly [name: string, value: string];

/** The product's custom fields (name, value); all values are strings, as the commerce backend stores them. */
export function customFields(plan: ProductPlan, random: Random): CustomField[] {
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
  fields.push(...badgeFields(plan, random));
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
 * The badge fields of a product, true to it (issue 9 §1):
 * - a New Arrival is badged "New", an Online Exclusive "Exclusive" (every colour), a coming-soon product
 *   "Coming Soon", all in a window that is current at SEED_REFERENCE_DATE and lasts the store's demo season;
 * - other products may carry a "New Color" badge (on their newest, last-listed colour) or a custom badge, in a
 *   current, expired or future window (to exercise the window rule);
 * - custom copy that claims a sale goes only on products whose every size's sale price bears it out: "Summer Sale"
 *   on products in the Summer Sale, "Flash Sale 20% Off" on products 20 % off; "Coming Soon" only on products that
 *   cannot be bought yet.
 * Unused badge fields are present but blank or "false", as an editor leaves them. None at all: no fields.
 */
function badgeFields(plan: ProductPlan, random: Random): CustomField[] {
  const isNew = isNewArrival(plan);
  const exclusive = plan.onlineExclusive;
  const truths = isNew || exclusive || plan.comingSoon;
  const copies = customCopies(plan);
  let kind: 'none' | 'new-color' | 'custom' = 'none';
  if (plan.comingSoon) kind = 'custom';
  else if (random.chance(truths ? 0.15 : 0.3)) {
    const canNewColor = !isNew && plan.colours.length > 1;
    kind = canNewColor && random.chance(0.55) ? 'new-color' : 'custom';
  }
  if (!truths && kind === 'none') return [];
  const ref = SEED_REFERENCE_DATE.getTime();
  let start: number;
  let end: number;
  const window = truths
    ? 'current'
    : random.weighted([
        ['current', 60],
        ['expired', 20],
        ['future', 20],
      ] as const);
  if (window === 'current') {
    start = Math.min(ref - random.int(1, 60) * DAY_MS, startOfDay(plan.createdAt.getTime()));
    // A New Arrival keeps its badge at least as long as it is listed as new; the rest for a season.
    end = ref + random.int(120, 180) * DAY_MS;
  } else if (window === 'expired') {
    start = ref - random.int(200, 400) * DAY_MS;
    end = ref - random.int(10, 120) * DAY_MS;
  } else {
    start = ref + random.int(15, 90) * DAY_MS;
    end = start + random.int(30, 120) * DAY_MS;
  }
  const withTime = random.chance(0.3);
  const lastColour = plan.colours[plan.colours.length - 1] as ColourCode;
  const custom = plan.comingSoon ? 'Coming Soon' : kind === 'custom' ? random.pick(copies) : '';
  return [
    ['badge_start', formatBadgeDate(start, withTime ? random.int(0, 23) * 60 : null)],
    ['badge_end', formatBadgeDate(end, withTime ? 23 * 60 + 59 : null)],
    ['badge_exclusive', String(exclusive)],
    // Blank variants: the badge applies to every colour.
    ['badge_exclusive_variants', ''],
    ['badge_new', String(isNew)],
    ['badge_new_color', String(kind === 'new-color')],
    // A product's newest colour is the last it lists.
    ['badge_new_color_variants', kind === 'new-color' ? lastColour : ''],
    ['badge_custom', custom],
  ];
}

/** The custom badge copy that is true of a buyable product. */
function customCopies(plan: ProductPlan): string[] {
  const copies = ['New Sizes'];
  if (inSummerSale(plan)) copies.push('Summer Sale');
  if (plan.salePercent === 20) copies.push('Flash Sale 20% Off');
  return copies;
}

const startOfDay = (ms: number) => Math.floor(ms / DAY_MS) * DAY_MS;

/** SPEC §5 date format: YYYY-MM-DD, optionally with HH:MM. */
function formatBadgeDate(dayMs: number, minutes: number | null): string {
  const date = new Date(dayMs).toISOString().slice(0, 10);
  if (minutes === null) return date;
  const hh = String(Math.floor(minutes / 60)).padStart(2, '0');
  const mm = String(minutes % 60).padStart(2, '0');
  return `${date} ${hh}:${mm}`;
}

/** Option-like modifiers every product carries; value ids come from a counter shared across products. */
export function modifiers(plan: ProductPlan, nextValueId: () => number): ProductModifierRow[] {
  const value = (label: string, isDefault: boolean) => ({ id: nextValueId(), label, isDefault });
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
