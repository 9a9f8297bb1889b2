/**
 * SKU shapes (SPEC §3): one part is a parent, two parts (parent-color) a colorway, three parts
 * (parent-color-size) a variant. Parts are separated by hyphens and may not be empty.
 */
export type ParsedSku =
  | { kind: 'parent'; parent: string }
  | { kind: 'colorway'; parent: string; color: string }
  | { kind: 'variant'; parent: string; color: string; size: string };

const PART = /^[A-Za-z0-9_.]+$/;

/** Parses a SKU into its shape, or returns null when it has no parts, an empty part or more than three. */
export function parseSku(sku: string): ParsedSku | null {
  const parts = sku.trim().split('-');
  if (!parts.every((part) => PART.test(part))) return null;
  const [parent, color, size] = parts;
  if (parts.length === 1 && parent) return { kind: 'parent', parent };
  if (parts.length === 2 && parent && color) return { kind: 'colorway', parent, color };
  if (parts.length === 3 && parent && color && size) return { kind: 'variant', parent, color, size };
  return null;
}

/** The colour code of a colorway or variant SKU ("600123-OS-L" → "OS"), or null for any other shape. */
export function skuColorCode(sku: string): string | null {
  const parsed = parseSku(sku);
  return parsed && parsed.kind !== 'parent' ? parsed.color : null;
}
