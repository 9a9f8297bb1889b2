import fs from 'node:fs';
import { describe, expect, test } from 'vitest';
import { buildCategories, slugify } from './categories';

const definitions = buildCategories();
const rows = definitions.map((definition) => definition.row);
const byUrl = new Map(rows.map((row) => [row.url, row]));

const SPEC_TOP_LEVEL = [
  '3rd Party',
  'Bottoms',
  'Bundles',
  'Collection',
  'Deals',
  'Everyday',
  'Featured',
  'Footwear',
  'Gear',
  'Gear Guide',
  'Gift Ideas',
  'Hats',
  'Jackets',
  'Mens',
  'New Arrivals',
  'Online Exclusive',
  'Partners',
  'Pattern',
  'Pre-Season Savings',
  'Pursuit',
  'Retail',
  'Sale',
  'Season',
  'Shirts and Tops',
  'Temperature',
  'Top Rated',
  'Trending',
  'Womens',
  'Youth',
];

const childNames = (url: string) =>
  rows.filter((row) => row.parentId === byUrl.get(url)?.id && !row.isAllListing).map((row) => row.name);

describe('category tree', () => {
  test('has about 200 URLs with unique ids and urls', () => {
    expect(rows.length).toBeGreaterThanOrEqual(180);
    expect(rows.length).toBeLessThanOrEqual(230);
    expect(new Set(rows.map((row) => row.id)).size).toBe(rows.length);
    expect(new Set(rows.map((row) => row.url)).size).toBe(rows.length);
  });

  test('has every top-level category of SPEC §2, in order', () => {
    expect(rows.filter((row) => row.parentId === null).map((row) => row.name)).toEqual(SPEC_TOP_LEVEL);
    expect(byUrl.get('/3rd-party/')?.slug).toBe('3rd-party');
    expect(byUrl.get('/shirts-and-tops/')?.name).toBe('Shirts and Tops');
  });

  test('has the second-level examples of SPEC §2', () => {
    expect(childNames('/mens/')).toEqual([
      'Accessories',
      'Baselayers',
      'Bottoms',
      'Everyday',
      'Hunt Solids',
      'Jackets and Vests',
      'Logowear',
      'Pattern',
      'Pursuit',
      'Tops',
    ]);
    expect(childNames('/sale/')).toEqual([
      'Big Game Sale',
      'Black Friday Deals',
      'Cyber Monday Deals',
      'Gear',
      'Mens',
      'Summer Sale',
      'Womens',
      'Youth',
    ]);
    expect(childNames('/new-arrivals/')).toEqual(['Gear', 'Mens', 'Womens', 'Youth']);
    expect(byUrl.has('/mens/jackets-and-vests/rain-jackets/')).toBe(true);
    expect(byUrl.has('/pursuit/sheep-and-goat/')).toBe(true);
    expect(byUrl.has('/pattern/optifade-elevated-ii/')).toBe(true);
  });

  test('urls are the parent url plus the kebab-case slug and a trailing slash, at most four levels deep', () => {
    for (const row of rows) {
      const parent = rows.find((candidate) => candidate.id === row.parentId);
      expect(row.url).toBe(`${parent?.url ?? '/'}${row.slug}/`);
      expect(row.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(row.depth).toBe(row.url.split('/').filter(Boolean).length);
      expect(row.depth).toBeLessThanOrEqual(4);
    }
    expect(Math.max(...rows.map((row) => row.depth))).toBe(4);
  });

  test('every category with children has an /all/ listing named after it, first among its children', () => {
    for (const definition of definitions.filter((candidate) => candidate.childIds.length > 0)) {
      const all = rows.find((row) => row.id === definition.allListingId);
      expect(all).toMatchObject({
        parentId: definition.row.id,
        url: `${definition.row.url}all/`,
        name: `All ${definition.row.name}`,
        isAllListing: true,
        sortOrder: 0,
      });
    }
    expect(byUrl.get('/mens/all/')?.name).toBe('All Mens');
  });

  test('ids are fixed: top-level 1–29, descendants numbered within their department', () => {
    expect(byUrl.get('/mens/')?.id).toBe(14);
    for (const row of rows.filter((candidate) => candidate.parentId !== null)) {
      const department = rows.find((candidate) => candidate.url === `/${row.url.split('/')[1]}/`);
      expect(Math.floor(row.id / 100)).toBe(department?.id);
    }
  });

  test('slugify', () => {
    expect(slugify('3rd Party')).toBe('3rd-party');
    expect(slugify('Shirts and Tops')).toBe('shirts-and-tops');
    expect(slugify('Sheep & Goat')).toBe('sheep-and-goat');
    expect(slugify('Gifts Under $100')).toBe('gifts-under-100');
    expect(slugify("Women's Kelvin Lite Down Jacket")).toBe('womens-kelvin-lite-down-jacket');
  });
});

describe('the menu names a category as the catalogue does (issue 24 §11: one name for a category)', () => {
  type Entry = { title?: string; url?: string; navigationTreePath?: string | null };
  const menu = JSON.parse(
    fs.readFileSync(new URL('../../../content/navigation.json', import.meta.url), 'utf8'),
  ) as unknown;
  const entries: Entry[] = [];
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (node === null || typeof node !== 'object') return;
    entries.push(node as Entry);
    Object.values(node).forEach(walk);
  };
  walk(menu);
  // An entry of the menu's tree that is the category at its place (not "Shop All …" nor a cross-link such as
  // Mens › New Arrivals, which names where it leads from the menu's point of view).
  const mirrored = entries.filter(
    (entry) =>
      entry.title !== undefined &&
      entry.url !== undefined &&
      entry.url === `/${entry.navigationTreePath}/` &&
      !entry.url.endsWith('/all/') &&
      byUrl.has(entry.url),
  );

  test('finds the departments’ entries, "Jackets and Vests" among them', () => {
    expect(mirrored.map((entry) => entry.url)).toEqual(
      expect.arrayContaining(['/mens/', '/mens/jackets-and-vests/', '/womens/jackets-and-vests/']),
    );
  });

  test.each(mirrored.map((entry) => [entry.url!, entry.title!]))('%s: "%s"', (url, title) => {
    expect(title).toBe(byUrl.get(url)!.name);
  });
});
