/** Resolving a listing URL against the category tree (SPEC §2 category URL shapes). Pure. */
import type { CategoryNode, CategoryTree } from './category-tree';
import type { Breadcrumb, CategoryLink, CategoryPage } from './types';

const ALL_SEGMENT = 'all/';

/**
 * The page of the shown category at `path` (with its trailing slash, e.g. `/mens/jackets-and-vests/`), or
 * null. `/…/all/` is the parent's listing: its own category row when the tree has one, else the parent.
 */
export function resolveCategoryPage(tree: CategoryTree, path: string): CategoryPage | null {
  const node = tree.byUrl(path) ?? parentOfAllPath(tree, path);
  if (!node || !tree.isShown(node.id)) return null;
  const listed = tree.listingCategory(node.id) ?? node;
  return {
    category: { ...toLink(node), description: node.description },
    breadcrumbs: categoryBreadcrumbs(tree, node.id),
    children: tree.browsableChildren(listed.id).map(toLink),
  };
}

/** The category chain of `id` as breadcrumbs, top-level first. */
export function categoryBreadcrumbs(tree: CategoryTree, id: number): Breadcrumb[] {
  return tree.chain(id).map((node) => ({ label: node.name, href: node.url }));
}

function parentOfAllPath(tree: CategoryTree, path: string): CategoryNode | undefined {
  if (!path.endsWith(`/${ALL_SEGMENT}`)) return undefined;
  return tree.byUrl(path.slice(0, -ALL_SEGMENT.length));
}

function toLink(node: CategoryNode): CategoryLink {
  return { id: node.id, name: node.name, url: node.url };
}
