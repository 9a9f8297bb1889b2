/** Colour choices of a product, from its Color option values. Pure. */
import { colorSlug, colorSlugMatches, productPath } from './slug';
import type { ColorSwatch } from './types';

export type ColorValueRecord = {
  id: number;
  label: string;
  sortOrder: number;
  isDefault: boolean;
  /** File name under /swatches/. */
  swatch: string | null;
  colorHex: string | null;
  isPattern: boolean;
};

/** Camouflage patterns first (SPEC §3), then the option's own order. */
const patternsFirst = (a: ColorValueRecord, b: ColorValueRecord) =>
  Number(b.isPattern) - Number(a.isPattern) || a.sortOrder - b.sortOrder || a.id - b.id;

export function toColorSwatches(productUrl: string, values: readonly ColorValueRecord[]): ColorSwatch[] {
  return [...values].sort(patternsFirst).map((value) => ({
    id: value.id,
    label: value.label,
    slug: colorSlug(value.label),
    href: productPath(productUrl, value.label),
    swatchUrl: value.swatch ? `/swatches/${value.swatch}` : null,
    hex: value.colorHex,
    isPattern: value.isPattern,
    isDefault: value.isDefault,
  }));
}

/** The colour marked default, else the first listed; undefined for a product without colours. */
export function defaultColor(colors: readonly ColorSwatch[]): ColorSwatch | undefined {
  return colors.find((color) => color.isDefault) ?? colors[0];
}

export function findColorBySlug(colors: readonly ColorSwatch[], slug: string): ColorSwatch | undefined {
  return colors.find((color) => colorSlugMatches(color.label, slug));
}
