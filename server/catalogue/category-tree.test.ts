import { describe, expect, it } from 'vitest';
import { resolveCategoryPage } from './category-page';
import { CategoryTree, type CategoryRecord } from './category-tree';

let nextSort = 0;
const category = (
  id: number,
  parentId: number | null,
  url: string,
  extra: Partial<CategoryRecord> = {},
): CategoryRecord => ({
  id,
  parentId,
  name: url.split('/').at(-2) ?? url,
  slug: url.split('/').at(-2) ?? url,
  url,
  depth: url.split('/').length - 2,
  sortOrder: nextSort++,
  isVisible: true,
  description: '',
  isAllListing: false,
  ...extra,
});

const tree = new CategoryTree([
  category(3, null, '/sale/', { sortOrder: 99 }),
  category(1, null, '/mens/', { sortOrder: 0 }),
  category(10, 1, '/mens/jackets-and-vests/'),
  category(11, 10, '/mens/jackets-and-vests/rain-jackets/'),
  category(12, 10, '/mens/jackets-and-vests/all/', { isAllListing: true }),
  category(13, 1, '/mens/hidden/', { isVisible: false }),
  category(14, 13, '/mens/hidden/inside/'),
  category(30, 3, '/sale/mens/'),
  category(31, 30, '/sale/mens/jackets/'),
  category(2, null, '/womens/', { sortOrder: 1 }),
]);

describe('CategoryTree', () => {
  it('orders roots and children by sort order', () => {
    expect(tree.roots.map((root) => root.url)).toEqual(['/mens/', '/womens/', '/sale/']);
    expect(tree.byId(10)?.children.map((child) => child.id)).toEqual([11, 12]);
  });

  it.each([
    [11, [1, 10, 11]],
    [1, [1]],
    [999, []],
  ])('chain of %j is %j', (id, ids) => {
    expect(tree.chain(id).map((node) => node.id)).toEqual(ids);
  });

  it.each([
    [11, true],
    [13, false],
    [14, false],
    [999, false],
  ])('category %j shown: %j', (id, shown) => {
    expect(tree.isShown(id)).toBe(shown);
  });

  it.each([
    [12, 10],
    [10, 10],
  ])('listing of %j shows the products of %j', (id, listed) => {
    expect(tree.listingCategory(id)?.id).toBe(listed);
  });

  it.each<[number[], number | undefined]>([
    [[1, 11, 31], 11],
    [[31, 11], 11],
    [[1, 10], 10],
    [[12, 1], 1],
    [[14, 2], 2],
    [[999], undefined],
  ])('the deepest shown of %j is %j (ties go to the earlier menu entry)', (ids, deepest) => {
    expect(tree.deepestShown(ids)?.id).toBe(deepest);
  });
});

describe('resolveCategoryPage', () => {
  it('resolves a nested path with breadcrumbs and browsable children', () => {
    expect(resolveCategoryPage(tree, '/mens/')).toEqual({
      category: { id: 1, name: 'mens', url: '/mens/', description: '' },
      breadcrumbs: [{ label: 'mens', href: '/mens/' }],
      children: [{ id: 10, name: 'jackets-and-vests', url: '/mens/jackets-and-vests/' }],
    });
    expect(
      resolveCategoryPage(tree, '/mens/jackets-and-vests/rain-jackets/')?.breadcrumbs.map(
        (crumb) => crumb.href,
      ),
    ).toEqual(['/mens/', '/mens/jackets-and-vests/', '/mens/jackets-and-vests/rain-jackets/']);
  });

  it('resolves an /all/ row, listing its parent’s children', () => {
    const page = resolveCategoryPage(tree, '/mens/jackets-and-vests/all/');
    expect(page?.category.id).toBe(12);
    expect(page?.children.map((child) => child.id)).toEqual([11]);
  });

  it('treats an /all/ path without a row as its parent', () => {
    expect(resolveCategoryPage(tree, '/sale/mens/all/')?.category.id).toBe(30);
  });

  it.each(['/mens', '/nope/', '/mens/hidden/', '/mens/hidden/inside/', '/nope/all/', '/', ''])(
    'does not resolve %j',
    (path) => {
      expect(resolveCategoryPage(tree, path)).toBeNull();
    },
  );
});
