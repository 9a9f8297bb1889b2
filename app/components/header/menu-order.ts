/**
 * One list of menu entries for both layouts (issue 7 §4: navigation markup once, not once per breakpoint). The
 * desktop bar shows the entries that are not `mobileOnly`, in the content's order; the mobile sidebar shows all of
 * them by ascending `mobileOrder` (ties keep the content's order). Entries whose place is the same in both orders
 * (the longest common subsequence) are emitted once; an entry whose place differs is emitted once per layout, each
 * copy hidden by CSS in the other one, so the document order is the visual and keyboard order in both.
 */
export type Shown = 'both' | 'mobile' | 'desktop';

export type Arranged<T> = { entry: T; shown: Shown };

export function arrangeForBothLayouts<T extends { mobileOnly: boolean; mobileOrder: number }>(
  entries: readonly T[],
): Arranged<T>[] {
  const desktop = entries.filter((entry) => !entry.mobileOnly);
  // `sort` is stable: ties keep the content's order.
  const mobile = [...entries].sort((a, b) => a.mobileOrder - b.mobileOrder);
  // Longest common subsequence of the two orders (the menus are short: a table of a few hundred cells).
  const rows = desktop.length + 1;
  const columns = mobile.length + 1;
  const lengths = new Array<number>(rows * columns).fill(0);
  for (let d = desktop.length - 1; d >= 0; d--) {
    for (let m = mobile.length - 1; m >= 0; m--) {
      lengths[d * columns + m] =
        desktop[d] === mobile[m]
          ? lengths[(d + 1) * columns + m + 1]! + 1
          : Math.max(lengths[(d + 1) * columns + m]!, lengths[d * columns + m + 1]!);
    }
  }
  const arranged: Arranged<T>[] = [];
  let d = 0;
  let m = 0;
  while (d < desktop.length || m < mobile.length) {
    if (d < desktop.length && m < mobile.length && desktop[d] === mobile[m]) {
      arranged.push({ entry: desktop[d]!, shown: 'both' });
      d++;
      m++;
    } else if (
      m < mobile.length &&
      (d === desktop.length || lengths[d * columns + m + 1]! >= lengths[(d + 1) * columns + m]!)
    ) {
      arranged.push({ entry: mobile[m]!, shown: 'mobile' });
      m++;
    } else {
      arranged.push({ entry: desktop[d]!, shown: 'desktop' });
      d++;
    }
  }
  return arranged;
}
