import { mediaUp } from '../../../styles/media';

/** A department of the bar (navigation-entries.tsx), its `<details>` and its one control. */
const ITEM = '[data-top-item]';
const CONTROL = `${ITEM} > details > summary, ${ITEM} > a`;

/** Shown and not hidden by `visibility` (a closed mega panel keeps its boxes, hidden). */
const shows = (element: Element) =>
  element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden';

/**
 * The keyboard of the desktop mega-menu (decision 046), on the server's markup (one set of listeners on the
 * navigation, as for its links). Without JavaScript the bar already works: each department is a `<summary>` that
 * Enter and Space toggle, its panel's links follow it in the tab order while it is open, and the `<details>` share
 * a name so one is open at a time. With JavaScript, from lg:
 *
 * - ←/→ move between the departments, Home/End to the first/last; ↓/↑ open a panel and focus its first/last link,
 *   and move between its links; Escape closes it and gives the focus back to its department;
 * - a panel closes when the focus leaves its department, on a pointer press outside it, and when the pointer
 *   moves on to another department;
 * - each level's summary carries `aria-expanded` (the browser exposes a summary's state too, but not every
 *   screen reader reads it), in the sidebar as well.
 *
 * A chunk of its own, loaded by the navigation once the page is idle or on the first focus or pointer in it
 * (main-navigation.tsx): nothing here is needed to show a page. Returns what detaches it.
 */
export function attachMegaMenuKeys(nav: HTMLElement): () => void {
  const large = window.matchMedia(mediaUp.lg);

  const setExpanded = (details: HTMLDetailsElement) =>
    details.querySelector(':scope > summary')?.setAttribute('aria-expanded', String(details.open));
  nav.querySelectorAll('details').forEach(setExpanded);
  const onToggle = (event: Event) => {
    if (event.target instanceof HTMLDetailsElement) setExpanded(event.target);
  };

  const levelOf = (item: Element | null) =>
    item?.querySelector<HTMLDetailsElement>(':scope > details') ?? null;
  const openLevels = () => [...nav.querySelectorAll<HTMLDetailsElement>(`${ITEM} > details[open]`)];
  const linksOf = (item: Element) => [...item.querySelectorAll<HTMLElement>('a[href]')].filter(shows);

  const onKeyDown = (event: KeyboardEvent) => {
    if (!large.matches || event.defaultPrevented) return;
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    const target = event.target as HTMLElement;
    const item = target.closest(ITEM);
    if (!item) return;
    const level = levelOf(item);
    const summary = level?.querySelector<HTMLElement>(':scope > summary') ?? null;
    const move = (to: HTMLElement | null | undefined) => {
      event.preventDefault();
      to?.focus();
    };
    const close = () => {
      if (!level) return;
      event.preventDefault();
      level.open = false;
      summary?.focus();
    };

    if (target.matches(CONTROL)) {
      const controls = [...nav.querySelectorAll<HTMLElement>(CONTROL)].filter(shows);
      const index = controls.indexOf(target);
      switch (event.key) {
        case 'ArrowRight':
          return move(controls[index + 1]);
        case 'ArrowLeft':
          return move(controls[index - 1]);
        case 'Home':
          return move(controls[0]);
        case 'End':
          return move(controls[controls.length - 1]);
        case 'ArrowDown':
        case 'ArrowUp': {
          if (!level) return;
          level.open = true;
          const links = linksOf(item);
          return move(event.key === 'ArrowDown' ? links[0] : links[links.length - 1]);
        }
        case 'Escape':
          if (level?.open) close();
          return;
        default:
          return;
      }
    }

    // Inside an open panel.
    if (!level) return;
    const links = linksOf(item);
    const index = links.indexOf(target);
    switch (event.key) {
      case 'Escape':
        return close();
      case 'ArrowDown':
        return move(links[index + 1] ?? links[index]);
      case 'ArrowUp':
        return move(index <= 0 ? summary : links[index - 1]);
      case 'Home':
        return move(links[0]);
      case 'End':
        return move(links[links.length - 1]);
      default:
        return;
    }
  };

  // The focus moving out of a department closes its panel (a focus lost to nothing, as a click on the panel's
  // own background, does not).
  const onFocusOut = (event: FocusEvent) => {
    if (!large.matches) return;
    const next = event.relatedTarget;
    const item = (event.target as Element).closest(ITEM);
    const level = levelOf(item);
    if (!item || !level?.open || !(next instanceof Node) || item.contains(next)) return;
    level.open = false;
  };

  const closeOthers = (inside: Node | null) => {
    if (!large.matches) return;
    for (const level of openLevels()) {
      if (!inside || !level.parentElement?.contains(inside)) level.open = false;
    }
  };
  const onPointerDown = (event: PointerEvent) => closeOthers(event.target as Node);
  const onPointerOver = (event: PointerEvent) => {
    if (event.pointerType !== 'mouse') return;
    const item = (event.target as Element).closest(ITEM);
    if (item) closeOthers(item);
  };

  nav.addEventListener('toggle', onToggle, true);
  nav.addEventListener('keydown', onKeyDown);
  nav.addEventListener('focusout', onFocusOut);
  nav.addEventListener('pointerover', onPointerOver);
  document.addEventListener('pointerdown', onPointerDown);
  return () => {
    nav.removeEventListener('toggle', onToggle, true);
    nav.removeEventListener('keydown', onKeyDown);
    nav.removeEventListener('focusout', onFocusOut);
    nav.removeEventListener('pointerover', onPointerOver);
    document.removeEventListener('pointerdown', onPointerDown);
  };
}
