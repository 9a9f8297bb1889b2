/**
 * Which page numbers a pager shows: the first, the last, and the current page with `radius` neighbours;
 * a gap stands for the pages left out. Pure.
 */
export type PageWindowItem = number | 'gap';

export function pageWindow(current: number, pageCount: number, radius = 1): PageWindowItem[] {
  const shown = new Set([1, pageCount]);
  for (let page = current - radius; page <= current + radius; page++) {
    if (page >= 1 && page <= pageCount) shown.add(page);
  }
  const pages = [...shown].sort((a, b) => a - b);
  return pages.flatMap((page, index) => {
    const previous = pages[index - 1];
    if (previous === undefined || page === previous + 1) return [page];
    // A gap of exactly one page shows that page instead: "1 2 3" reads better than "1 … 3".
    return page === previous + 2 ? [previous + 1, page] : ['gap' as const, page];
  });
}
