/**
 * What the seed catalogue sells: product types, their styles (which drive names, prices, technologies,
 * warmth and the sub-category a product lands in), their sizes and the colours each is made in.
 * The image generator renders one set of art per type × palette colour, so a palette here bounds the
 * number of image files.
 */
import type { ColourCode } from './colours';

export const PRODUCT_TYPES = [
  'jacket',
  'vest',
  'pant',
  'bib',
  'shirt',
  'hoody',
  'baselayer',
  'glove',
  'hat',
  'pack',
  'gaiter',
  'wader',
  'boot',
  'accessory',
] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

export const GENDERS = ['Mens', 'Womens', 'Youth', 'Unisex'] as const;
export type Gender = (typeof GENDERS)[number];

/** In SPEC §9 priority order. */
export const TECHNOLOGY_BADGES = [
  'PrimaLoft',
  'Insect Shield',
  'Polygiene',
  'WindStopper by GORE Labs',
  'Aerolite Collection',
  'Polartec',
  'Gore-Tex',
] as const;
export type TechnologyBadge = (typeof TECHNOLOGY_BADGES)[number];

/** 0 warm weather … 3 extreme cold; drives season and temperature categories. */
export type Warmth = 0 | 1 | 2 | 3;

export type Style = {
  id: string;
  /** Name endings: "Rain Jacket" gives "Dakota Rain Jacket". */
  nouns: readonly string[];
  /** List price range in whole dollars. */
  priceDollars: readonly [number, number];
  warmth: Warmth;
  /** Technologies a product of this style may carry. */
  technologies: readonly TechnologyBadge[];
};

type Sizing = 'apparel' | 'glove' | 'boot' | 'one-size';

export type ProductTypeSpec = {
  sizing: Sizing;
  /** Customs wording after the gender, e.g. "jacket of synthetic fibers, woven". */
  importDescription: string;
  palette: readonly ColourCode[];
  styles: readonly Style[];
};

const CAMO: readonly ColourCode[] = ['SUB', 'ELII', 'OC', 'WM', 'TMB'];
const FIELD_SOLIDS: readonly ColourCode[] = ['LD', 'BLK', 'CVT', 'ERT', 'SHD', 'WS', 'MOS', 'DL', 'GRN'];

export const PRODUCT_TYPE_SPECS: Record<ProductType, ProductTypeSpec> = {
  jacket: {
    sizing: 'apparel',
    importDescription: 'jacket of synthetic fibers, woven',
    palette: [...CAMO, ...FIELD_SOLIDS],
    styles: [
      {
        id: 'rain-jacket',
        nouns: ['Rain Jacket', 'Storm Jacket', 'Rain Shell'],
        priceDollars: [249, 549],
        warmth: 1,
        technologies: ['Gore-Tex'],
      },
      {
        id: 'down-jacket',
        nouns: ['Lite Down Jacket', 'Down Jacket', 'Down Hoody'],
        priceDollars: [299, 599],
        warmth: 3,
        technologies: ['WindStopper by GORE Labs'],
      },
      {
        id: 'synthetic-jacket',
        nouns: ['Insulated Jacket', 'Parka', 'Insulated Hoody'],
        priceDollars: [249, 499],
        warmth: 3,
        technologies: ['PrimaLoft', 'Gore-Tex'],
      },
      {
        id: 'softshell-jacket',
        nouns: ['Softshell Jacket', 'Jacket', 'Windproof Jacket'],
        priceDollars: [179, 379],
        warmth: 2,
        technologies: ['WindStopper by GORE Labs', 'Polartec', 'Polygiene'],
      },
    ],
  },
  vest: {
    sizing: 'apparel',
    importDescription: 'vest of synthetic fibers, woven',
    palette: [...CAMO, ...FIELD_SOLIDS, 'BO'],
    styles: [
      {
        id: 'insulated-vest',
        nouns: ['Down Vest', 'Insulated Vest'],
        priceDollars: [129, 299],
        warmth: 2,
        technologies: ['PrimaLoft'],
      },
      {
        id: 'fleece-vest',
        nouns: ['Fleece Vest', 'Vest'],
        priceDollars: [129, 229],
        warmth: 1,
        technologies: ['Polartec', 'Polygiene'],
      },
    ],
  },
  pant: {
    sizing: 'apparel',
    importDescription: 'trousers of synthetic fibers, woven',
    palette: [...CAMO, ...FIELD_SOLIDS],
    styles: [
      {
        id: 'rain-pant',
        nouns: ['Rain Pant', 'Storm Pant'],
        priceDollars: [199, 449],
        warmth: 1,
        technologies: ['Gore-Tex'],
      },
      {
        id: 'insulated-pant',
        nouns: ['Insulated Pant', 'Down Pant'],
        priceDollars: [249, 449],
        warmth: 3,
        technologies: ['PrimaLoft'],
      },
      {
        id: 'softshell-pant',
        nouns: ['Pant', 'Softshell Pant', 'Field Pant'],
        priceDollars: [149, 349],
        warmth: 1,
        technologies: ['Polygiene', 'Insect Shield', 'WindStopper by GORE Labs'],
      },
    ],
  },
  bib: {
    sizing: 'apparel',
    importDescription: 'bib overalls of synthetic fibers, woven',
    palette: [...CAMO, ...FIELD_SOLIDS],
    styles: [
      {
        id: 'insulated-bib',
        nouns: ['Bib', 'Insulated Bib'],
        priceDollars: [299, 699],
        warmth: 3,
        technologies: ['PrimaLoft', 'Gore-Tex'],
      },
      {
        id: 'rain-bib',
        nouns: ['Rain Bib'],
        priceDollars: [299, 549],
        warmth: 1,
        technologies: ['Gore-Tex'],
      },
    ],
  },
  shirt: {
    sizing: 'apparel',
    importDescription: 'shirt of synthetic fibers, knitted',
    palette: [...CAMO, ...FIELD_SOLIDS, 'BRB'],
    styles: [
      {
        id: 'field-shirt',
        nouns: ['Long Sleeve Shirt', 'Field Shirt', 'Quarter Zip'],
        priceDollars: [59, 149],
        warmth: 0,
        technologies: ['Polygiene', 'Insect Shield', 'Aerolite Collection'],
      },
      {
        id: 'tee',
        nouns: ['Tee', 'Logo Tee', 'Short Sleeve Tee'],
        priceDollars: [49, 69],
        warmth: 0,
        technologies: ['Polygiene'],
      },
    ],
  },
  hoody: {
    sizing: 'apparel',
    importDescription: 'sweatshirt of synthetic fibers, knitted',
    palette: [...CAMO, ...FIELD_SOLIDS, 'BO', 'BKBO'],
    styles: [
      {
        id: 'pullover-hoody',
        nouns: ['Pullover Hoody', 'Hoody'],
        priceDollars: [89, 199],
        warmth: 1,
        technologies: ['Polartec', 'Polygiene'],
      },
      {
        id: 'zip-hoody',
        nouns: ['Full Zip Hoody', 'Zip Hoody'],
        priceDollars: [99, 219],
        warmth: 1,
        technologies: ['Polartec'],
      },
    ],
  },
  baselayer: {
    sizing: 'apparel',
    importDescription: 'underwear of wool, knitted',
    palette: [...CAMO, ...FIELD_SOLIDS, 'BRB'],
    styles: [
      {
        id: 'baselayer-top',
        nouns: ['Merino Crew', 'Lightweight Crew', 'Zip-T', 'Base Layer Top'],
        priceDollars: [59, 139],
        warmth: 0,
        technologies: ['Polygiene'],
      },
      {
        id: 'baselayer-bottom',
        nouns: ['Merino Bottom', 'Lightweight Bottom', 'Base Layer Bottom'],
        priceDollars: [59, 129],
        warmth: 1,
        technologies: ['Polygiene'],
      },
    ],
  },
  glove: {
    sizing: 'glove',
    importDescription: 'gloves of synthetic fibers',
    palette: [...CAMO, ...FIELD_SOLIDS],
    styles: [
      {
        id: 'insulated-glove',
        nouns: ['Insulated Glove', 'Mitt'],
        priceDollars: [79, 149],
        warmth: 3,
        technologies: ['PrimaLoft', 'Gore-Tex'],
      },
      {
        id: 'light-glove',
        nouns: ['Glove', 'Lightweight Glove', 'Shooter Glove'],
        priceDollars: [49, 89],
        warmth: 1,
        technologies: ['WindStopper by GORE Labs', 'Polartec'],
      },
    ],
  },
  hat: {
    sizing: 'one-size',
    importDescription: 'hat of synthetic fibers, knitted',
    palette: [...CAMO, ...FIELD_SOLIDS, 'BO'],
    styles: [
      {
        id: 'beanie',
        nouns: ['Beanie', 'Knit Beanie'],
        priceDollars: [49, 59],
        warmth: 2,
        technologies: ['Polartec'],
      },
      {
        id: 'cap',
        nouns: ['Cap', 'Trucker Cap', 'Logo Cap'],
        priceDollars: [49, 59],
        warmth: 0,
        technologies: [],
      },
    ],
  },
  pack: {
    sizing: 'one-size',
    importDescription: 'backpack with outer surface of textile materials',
    palette: [...CAMO, 'CVT', 'ERT', 'LD', 'BLK'],
    styles: [
      {
        id: 'day-pack',
        nouns: ['Day Pack', '2700 Pack', 'Hip Pack'],
        priceDollars: [149, 299],
        warmth: 1,
        technologies: [],
      },
      {
        id: 'multi-day-pack',
        nouns: ['Pack', '4200 Pack', 'Hauler Pack'],
        priceDollars: [299, 499],
        warmth: 1,
        technologies: [],
      },
    ],
  },
  gaiter: {
    sizing: 'one-size',
    importDescription: 'gaiters of synthetic fibers',
    palette: ['SUB', 'ELII', 'OC', 'TMB', 'LD', 'BLK', 'CVT'],
    styles: [
      {
        id: 'leg-gaiter',
        nouns: ['Gaiter', 'Leg Gaiter'],
        priceDollars: [59, 99],
        warmth: 1,
        technologies: ['Gore-Tex'],
      },
      {
        id: 'neck-gaiter',
        nouns: ['Neck Gaiter', 'Face Mask'],
        priceDollars: [49, 59],
        warmth: 1,
        technologies: ['Polygiene'],
      },
    ],
  },
  wader: {
    sizing: 'apparel',
    importDescription: 'waders of rubberized textile fabric',
    palette: ['WM', 'TMB', 'SHD'],
    styles: [
      {
        id: 'wader',
        nouns: ['Zip Wader', 'Wader', 'Bootfoot Wader'],
        priceDollars: [449, 699],
        warmth: 2,
        technologies: ['Gore-Tex'],
      },
    ],
  },
  boot: {
    sizing: 'boot',
    importDescription: 'footwear with outer soles of rubber and uppers of leather',
    palette: ['SUB', 'ERT', 'BRB', 'BLK', 'CVT'],
    styles: [
      {
        id: 'boot',
        nouns: ['Boot', 'Hunting Boot', 'Insulated Boot'],
        priceDollars: [249, 499],
        warmth: 2,
        technologies: ['Gore-Tex', 'PrimaLoft'],
      },
    ],
  },
  accessory: {
    sizing: 'one-size',
    importDescription: 'articles of textile materials',
    palette: [...CAMO, 'BO', 'LD', 'BLK', 'ERT'],
    styles: [
      {
        id: 'accessory',
        nouns: ['Belt', 'Game Bag', 'Bino Harness', 'Hand Muff', 'Rangefinder Pouch'],
        priceDollars: [49, 129],
        warmth: 1,
        technologies: [],
      },
    ],
  },
};

/** Types that belong to the Gear departments whatever their gender. */
export const GEAR_TYPES: readonly ProductType[] = ['glove', 'hat', 'pack', 'gaiter', 'wader', 'accessory'];

/** How often each gender carries each type (relative weights). */
// prettier-ignore
export const TYPE_WEIGHTS_BY_GENDER: Record<Gender, readonly (readonly [ProductType, number])[]> = {
  Mens: [['jacket', 16], ['vest', 6], ['pant', 12], ['bib', 4], ['shirt', 9], ['hoody', 8], ['baselayer', 8], ['glove', 5], ['hat', 4], ['gaiter', 2], ['wader', 2], ['boot', 3]],
  Womens: [['jacket', 16], ['vest', 6], ['pant', 12], ['bib', 3], ['shirt', 9], ['hoody', 8], ['baselayer', 8], ['glove', 4], ['hat', 3], ['wader', 1], ['boot', 2]],
  Youth: [['jacket', 6], ['vest', 3], ['pant', 5], ['bib', 2], ['shirt', 4], ['hoody', 4], ['baselayer', 3], ['glove', 2], ['hat', 2]],
  Unisex: [['pack', 8], ['glove', 2], ['hat', 5], ['gaiter', 4], ['accessory', 5], ['wader', 2]],
};

export const GENDER_WEIGHTS: readonly (readonly [Gender, number])[] = [
  ['Mens', 48],
  ['Womens', 24],
  ['Youth', 10],
  ['Unisex', 18],
];

export type Size = { label: string; /** The size part of a variant SKU. */ code: string };

const size = (label: string): Size => ({ label, code: label === 'One Size' ? 'OS' : label });

const SIZE_LABELS: Record<Sizing, Record<Gender, readonly string[]>> = {
  apparel: {
    Mens: ['S', 'M', 'L', 'XL', '2XL', '3XL'],
    Womens: ['XS', 'S', 'M', 'L', 'XL', '2XL'],
    Youth: ['YS', 'YM', 'YL', 'YXL'],
    Unisex: ['S', 'M', 'L', 'XL', '2XL'],
  },
  glove: {
    Mens: ['S', 'M', 'L', 'XL', '2XL'],
    Womens: ['XS', 'S', 'M', 'L'],
    Youth: ['YS', 'YM', 'YL'],
    Unisex: ['S', 'M', 'L', 'XL'],
  },
  boot: {
    Mens: ['8', '9', '10', '11', '12', '13'],
    Womens: ['6', '7', '8', '9', '10'],
    Youth: ['4', '5', '6'],
    Unisex: ['8', '9', '10', '11', '12'],
  },
  'one-size': { Mens: ['One Size'], Womens: ['One Size'], Youth: ['One Size'], Unisex: ['One Size'] },
};

export function sizesFor(type: ProductType, gender: Gender): Size[] {
  return SIZE_LABELS[PRODUCT_TYPE_SPECS[type].sizing][gender].map(size);
}
