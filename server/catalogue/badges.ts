/**
 * Product badges (SPEC §9). Pure: the listing's product cards and the product page both import it.
 *
 * - Merchandising badges come from the product's custom fields (SPEC §3): badge_exclusive, badge_new,
 *   badge_new_color and badge_custom, shown only while `now` is within badge_start … badge_end.
 *   badge_exclusive_variants and badge_new_color_variants name the colour codes a badge is limited to
 *   (blank: every colour), so a "New Color" badge shows on the new colour only.
 * - The sale badge: under 25 percent off shows "Sale", otherwise the rounded percent as "N% OFF".
 * - Technology badges list in the SPEC §9 priority.
 */
import { parseSku } from './sku';

export type MerchandisingBadgeKind = 'exclusive' | 'new' | 'new-color' | 'custom';
export type MerchandisingBadge = { kind: MerchandisingBadgeKind; label: string };

export type BadgeInput = {
  /** The product's custom fields by name (see `customFieldMap`). */
  customFields: Readonly<Record<string, string | undefined>>;
  /**
   * The SKU colour codes being shown: the selected colour's on a product page, every colour's on a card.
   * A badge limited to some colours shows when one of these is among them.
   */
  colorCodes: readonly string[];
  /** `clock.now()`. */
  now: Date;
};

/** SPEC §5 dates: YYYY-MM-DD optionally with HH:MM (UTC, as the catalogue stores them). */
const DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2}))?$/;

export type ParsedBadgeDate = { at: Date; hasTime: boolean };

/**
 * Parses a badge date. Blank strings (and undefined) count as empty and give null; so does anything that
 * is not a real date in the SPEC §5 shape ("2023-02-30", "tomorrow").
 */
export function parseBadgeDate(value: string | undefined | null): ParsedBadgeDate | null {
  const text = value?.trim() ?? '';
  if (text === '') return null;
  const match = DATE.exec(text);
  if (!match) return null;
  const [year, month, day, hour, minute] = match
    .slice(1)
    .map((part) => (part === undefined ? 0 : Number(part)));
  if (hour === undefined || minute === undefined || hour > 23 || minute > 59) return null;
  const at = new Date(Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1, hour, minute));
  // Date.UTC rolls 2023-02-30 over into March: such a date is not real.
  if (at.getUTCFullYear() !== year || at.getUTCMonth() !== (month ?? 1) - 1 || at.getUTCDate() !== day)
    return null;
  return { at, hasTime: match[4] !== undefined };
}

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

/**
 * Whether `now` is within the badge window. An empty start or end leaves that side open. A date without a
 * time covers its whole day (an end of "2026-12-01" includes that day); an end with a time includes its
 * minute. A start or end that is present but not a date closes the window: a badge never shows by mistake.
 */
export function isWithinBadgeWindow(
  start: string | undefined | null,
  end: string | undefined | null,
  now: Date,
): boolean {
  const from = parseBadgeDate(start);
  const to = parseBadgeDate(end);
  if (from === null && (start?.trim() ?? '') !== '') return false;
  if (to === null && (end?.trim() ?? '') !== '') return false;
  const time = now.getTime();
  if (from && time < from.at.getTime()) return false;
  if (to && time >= to.at.getTime() + (to.hasTime ? MINUTE_MS : DAY_MS)) return false;
  return true;
}

/** Custom-field booleans are strings: "true", "yes" or "1" (any case) are true; anything else is false. */
export function isTrueField(value: string | undefined | null): boolean {
  return ['true', 'yes', '1'].includes(value?.trim().toLowerCase() ?? '');
}

/** A variants field lists colour codes separated by commas or spaces; blank means every colour. */
export function parseColorCodes(value: string | undefined | null): string[] {
  return (value ?? '')
    .split(/[\s,]+/)
    .map((code) => code.trim().toUpperCase())
    .filter((code) => code.length > 0);
}

/**
 * A colour code as the badge fields name it: "BKBO" stays, and a colorway or variant SKU ("600123-BKBO",
 * "600123-BKBO-L", as image descriptions and variants carry them) gives its colour part.
 */
export function normalizeColorCode(code: string): string {
  const parsed = parseSku(code);
  const color = parsed && parsed.kind !== 'parent' ? parsed.color : code;
  return color.trim().toUpperCase();
}

function appliesToColors(variantsField: string | undefined, colorCodes: readonly string[]): boolean {
  const limited = parseColorCodes(variantsField);
  if (limited.length === 0) return true;
  return colorCodes.some((code) => limited.includes(normalizeColorCode(code)));
}

/**
 * The merchandising badges to show, in the order Exclusive, New, New Color, custom. None outside the
 * badge_start … badge_end window.
 */
export function merchandisingBadges({ customFields, colorCodes, now }: BadgeInput): MerchandisingBadge[] {
  if (!isWithinBadgeWindow(customFields.badge_start, customFields.badge_end, now)) return [];
  const badges: MerchandisingBadge[] = [];
  if (
    isTrueField(customFields.badge_exclusive) &&
    appliesToColors(customFields.badge_exclusive_variants, colorCodes)
  )
    badges.push({ kind: 'exclusive', label: 'Exclusive' });
  if (isTrueField(customFields.badge_new)) badges.push({ kind: 'new', label: 'New' });
  if (
    isTrueField(customFields.badge_new_color) &&
    appliesToColors(customFields.badge_new_color_variants, colorCodes)
  )
    badges.push({ kind: 'new-color', label: 'New Color' });
  const custom = customFields.badge_custom?.trim() ?? '';
  if (custom !== '') badges.push({ kind: 'custom', label: custom });
  return badges;
}

/** SPEC §9 technology badge priority, highest first. */
export const TECHNOLOGY_BADGE_PRIORITY = [
  'PrimaLoft',
  'Insect Shield',
  'Polygiene',
  'WindStopper by GORE Labs',
  'Aerolite Collection',
  'Polartec',
  'Gore-Tex',
] as const;

/**
 * The product's technology badges in priority order (names matched case-insensitively, shown in their
 * canonical spelling); names the priority does not know follow, in their given order.
 */
export function technologyBadgesByPriority(names: readonly string[]): string[] {
  const known = new Map(TECHNOLOGY_BADGE_PRIORITY.map((name, rank) => [name.toLowerCase(), rank]));
  const seen = new Set<string>();
  const ranked: { name: string; rank: number; position: number }[] = [];
  names.forEach((raw, position) => {
    const name = raw.trim();
    const key = name.toLowerCase();
    if (name === '' || seen.has(key)) return;
    seen.add(key);
    const rank = known.get(key);
    ranked.push(
      rank === undefined
        ? { name, rank: TECHNOLOGY_BADGE_PRIORITY.length, position }
        : { name: TECHNOLOGY_BADGE_PRIORITY[rank] ?? name, rank, position },
    );
  });
  return ranked.sort((a, b) => a.rank - b.rank || a.position - b.position).map((badge) => badge.name);
}
