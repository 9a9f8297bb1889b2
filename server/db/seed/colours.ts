/**
 * The colour palette of the seed catalogue: camouflage patterns first (SPEC §3 "camouflage patterns first"),
 * then solids. The code is the colour part of a colourway/variant SKU (`600123-SUB`, `600123-SUB-M`).
 * The image generator (scripts/generate-images.ts) draws swatches and product art from the same entries.
 */

export type Colour = {
  code: string;
  name: string;
  /** Swatch fallback colour, and the fill of solid product art. */
  hex: string;
  isPattern: boolean;
  /** Camouflage: the three accent colours of the pattern drawn over `hex`. */
  camoAccents?: readonly [string, string, string];
  /** Two-tone solids (e.g. black with blaze orange): the second colour. */
  secondaryHex?: string;
};

// prettier-ignore
export const COLOURS = [
  { code: 'SUB', name: 'Optifade Subalpine', hex: '#8b8673', isPattern: true, camoAccents: ['#6b6a5a', '#aaa38c', '#4f4e43'] },
  { code: 'ELII', name: 'Optifade Elevated II', hex: '#7d6e5a', isPattern: true, camoAccents: ['#5c5043', '#a0907a', '#3f372f'] },
  { code: 'OC', name: 'Optifade Open Country', hex: '#a79a7e', isPattern: true, camoAccents: ['#8a7d63', '#c7bb9f', '#6d624e'] },
  { code: 'WM', name: 'Optifade Waterfowl Marsh', hex: '#9a8358', isPattern: true, camoAccents: ['#7a6644', '#bfa97d', '#514431'] },
  { code: 'TMB', name: 'Optifade Timber', hex: '#5e5446', isPattern: true, camoAccents: ['#433b31', '#7e725f', '#2e2923'] },
  { code: 'LD', name: 'Lead', hex: '#5a5d5c', isPattern: false },
  { code: 'BLK', name: 'Sitka Black', hex: '#1f1f1f', isPattern: false },
  { code: 'CVT', name: 'Covert', hex: '#5b5a45', isPattern: false },
  { code: 'ERT', name: 'Earth', hex: '#6f5a42', isPattern: false },
  { code: 'SHD', name: 'Shadow', hex: '#3b3d3c', isPattern: false },
  { code: 'BO', name: 'Blaze Orange', hex: '#f26722', isPattern: false },
  { code: 'WS', name: 'Woodsmoke', hex: '#8d8f86', isPattern: false },
  { code: 'BKBO', name: 'Sitka Black Blaze Orange', hex: '#1f1f1f', isPattern: false, secondaryHex: '#f26722' },
  { code: 'MOS', name: 'Moss', hex: '#6b7548', isPattern: false },
  { code: 'DL', name: 'Deep Lichen', hex: '#55614d', isPattern: false },
  { code: 'BRB', name: 'Bourbon', hex: '#8a4b2a', isPattern: false },
  { code: 'GRN', name: 'Granite', hex: '#77797a', isPattern: false },
] as const satisfies readonly Colour[];

export type ColourCode = (typeof COLOURS)[number]['code'];

const byCode = new Map<string, Colour>(COLOURS.map((colour) => [colour.code, colour]));

export function colourByCode(code: ColourCode): Colour {
  return byCode.get(code) as Colour;
}

/** Swatch file name under /swatches/ (stored in product_option_values.swatch). */
export function swatchFileName(code: ColourCode): string {
  return `${code.toLowerCase()}.svg`;
}
