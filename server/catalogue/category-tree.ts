/**
 * The category tree (SPEC §3 Category), built once from all category rows and kept in memory by the
 * catalogue service. Pure: lookups by id and URL, the chain of ancestors, and the subtree a listing covers.
 */

export type CategoryRecord = {
  id: number;
  /** null for a top-level category. */
  parentId: number | null;
  name: string;
  slug: string;
  /** Leading and trailing slash: `/mens/jackets-and-vests/`. */
  url: string;
  depth: number;
  sortOrder: number;
  isVisible: boolean;
  description: string;
  /** A `/…/all/` category lists its parent's products. */
  isAllListing: boolean;
};

export type CategoryNode = CategoryRecord & { children: CategoryNode[] };

const byDisplayOrder = (a: CategoryRecord, b: CategoryRecord) =>
  a.sortOrder - b.sortOrder || a.name.localeCompare(b.name) || a.id - b.id;

export class CategoryTree {
  /** Top-level categories in display order. */
  readonly roots: CategoryNode[];
  private readonly nodesById: Map<number, CategoryNode>;
  private readonly nodesByUrl: Map<string, CategoryNode>;
  /** Position of each node in a depth-first walk in display order (the order of a full menu). */
  private readonly preorder = new Map<number, number>();

  constructor(records: readonly CategoryRecord[]) {
    this.nodesById = new Map(records.map((record) => [record.id, { ...record, children: [] }]));
    this.nodesByUrl = new Map([...this.nodesById.values()].map((node) => [node.url, node]));
    this.roots = [];
    for (const node of [...this.nodesById.values()].sort(byDisplayOrder)) {
      const parent = node.parentId === null ? undefined : this.nodesById.get(node.parentId);
      // A row whose parent is missing is kept reachable as a root rather than silently dropped.
      (parent ? parent.children : this.roots).push(node);
    }
    const stack = [...this.roots].reverse();
    for (let node = stack.pop(); node; node = stack.pop()) {
      if (this.preorder.has(node.id)) continue;
      this.preorder.set(node.id, this.preorder.size);
      stack.push(...[...node.children].reverse());
    }
  }

  byId(id: number): CategoryNode | undefined {
    return this.nodesById.get(id);
  }

  byUrl(url: string): CategoryNode | undefined {
    return this.nodesByUrl.get(url);
  }

  /** The chain from the top-level category down to `id` itself; empty for an unknown id. */
  chain(id: number): CategoryNode[] {
    const chain: CategoryNode[] = [];
    const seen = new Set<number>();
    for (let node = this.byId(id); node && !seen.has(node.id); node = this.parentOf(node)) {
      seen.add(node.id);
      chain.unshift(node);
    }
    return chain;
  }

  /** Visible only when the category and every ancestor are visible. */
  isShown(id: number): boolean {
    const chain = this.chain(id);
    return chain.length > 0 && chain.every((node) => node.isVisible);
  }

  /** The category whose products a listing of `id` shows: the parent for a `/…/all/` category. */
  listingCategory(id: number): CategoryNode | undefined {
    const node = this.byId(id);
    return node?.isAllListing ? this.parentOf(node) : node;
  }

  /**
   * The deepest shown category among `ids` (a product's categories), its breadcrumbs' end. Ties go to the
   * category that comes first in the tree's display order.
   */
  deepestShown(ids: readonly number[]): CategoryNode | undefined {
    const candidates = ids
      .map((id) => this.byId(id))
      .filter(
        (node): node is CategoryNode => node !== undefined && !node.isAllListing && this.isShown(node.id),
      );
    const position = (node: CategoryNode) => this.preorder.get(node.id) ?? Number.MAX_SAFE_INTEGER;
    return candidates.sort((a, b) => b.depth - a.depth || position(a) - position(b))[0];
  }

  /** The shown categories a shopper can browse into from `id` (an `/all/` child repeats its parent). */
  browsableChildren(id: number): CategoryNode[] {
    return this.byId(id)?.children.filter((child) => child.isVisible && !child.isAllListing) ?? [];
  }

  private parentOf(node: CategoryNode): CategoryNode | undefined {
    return node.parentId === null ? undefined : this.byId(node.parentId);
  }
}
