/**
 * Colour slugs of product URLs (SPEC §2: `/products/{url}/{color slug}`, "the color has spaces replaced by
 * hyphens"). Pure: routes and components may import it.
 */

/** "Optifade Subalpine" → "Optifade-Subalpine". Runs of whitespace become one hyphen; ends are trimmed. */
export function colorSlug(label: string): string {
  return label.trim().replace(/\s+/g, '-');
}

/** Whether `slug` names the colour `label`; case does not matter ("optifade-subalpine" matches). */
export function colorSlugMatches(label: string, slug: string): boolean {
  return colorSlug(label).toLowerCase() === slug.trim().toLowerCase();
}

/** The product page path for one colour; the slug is URL-encoded since labels may hold "/" or "&". */
export function productPath(productUrl: string, color: string): string {
  return `/products/${encodeURIComponent(productUrl)}/${encodeURIComponent(colorSlug(color))}`;
}
