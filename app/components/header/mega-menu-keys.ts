import { useEffect, type RefObject } from 'react';

/**
 * The desktop mega-menu from the keyboard (issue 9 §7), as a disclosure navigation: Tab moves from one
 * department to the next (a panel's links are out of the tab order while it is closed), Space or ArrowDown opens
 * the department's panel and moves into it, Enter follows the department's link, ArrowLeft/ArrowRight move between
 * departments, ArrowUp/ArrowDown (Home/End) move within an open panel, and Escape closes it and gives the focus
 * back to its department. Leaving the panel closes it.
 *
 * Works on the rendered menu (attributes and listeners, no markup of its own): `topSelector` finds the
 * department links, `panelSelector` their panels (the next sibling of a department link). Without JavaScript the
 * panels open on hover and focus with CSS alone and every link stays in the tab order.
 */
export function useMegaMenuKeys(
  navRef: RefObject<HTMLElement>,
  { topSelector, panelSelector }: { topSelector: string; panelSelector: string },
  /** Changes when the menu's items do (the effect marks the new links). */
  itemsKey: unknown,
) {
  useEffect(() => {
    const nav = navRef.current;
    if (!nav) return;
    const tops = () => [...nav.querySelectorAll<HTMLElement>(topSelector)];
    const panelOf = (top: Element) => {
      const next = top.nextElementSibling;
      return next instanceof HTMLElement && next.matches(panelSelector) ? next : null;
    };
    const linksIn = (panel: Element) => [
      ...panel.querySelectorAll<HTMLElement>('a[href], button:not([disabled])'),
    ];
    const topOf = (element: Element) => tops().find((top) => panelOf(top)?.contains(element)) ?? null;

    const setOpen = (top: HTMLElement, open: boolean) => {
      const panel = panelOf(top);
      if (!panel) return;
      top.setAttribute('aria-expanded', String(open));
      const item = top.parentElement;
      if (item) {
        if (open) item.dataset.open = 'true';
        else delete item.dataset.open;
      }
      for (const link of linksIn(panel)) link.tabIndex = open ? 0 : -1;
    };
    const closeAll = (except?: HTMLElement) => {
      for (const top of tops())
        if (top !== except && top.getAttribute('aria-expanded') === 'true') setOpen(top, false);
    };

    nav.dataset.keyboard = 'true';
    for (const top of tops()) {
      const panel = panelOf(top);
      if (!panel) continue;
      if (!panel.id)
        panel.id = `mega-panel-${(top.textContent ?? '').trim().toLowerCase().replace(/\W+/g, '-')}`;
      top.setAttribute('aria-controls', panel.id);
      setOpen(top, false);
    }

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      const target = event.target as HTMLElement;
      const all = tops();
      const topIndex = all.indexOf(target);
      if (topIndex !== -1) {
        const panel = panelOf(target);
        if ((event.key === ' ' || event.key === 'ArrowDown') && panel) {
          event.preventDefault();
          closeAll(target);
          setOpen(target, true);
          linksIn(panel)[0]?.focus();
        } else if (event.key === 'ArrowRight' || event.key === 'ArrowLeft') {
          event.preventDefault();
          closeAll();
          const step = event.key === 'ArrowRight' ? 1 : -1;
          all[(topIndex + step + all.length) % all.length]?.focus();
        } else if (event.key === 'Escape' && panel) {
          event.preventDefault();
          setOpen(target, false);
          nav.dataset.suppressed = 'true';
        }
        return;
      }
      const top = topOf(target);
      const panel = top ? panelOf(top) : null;
      if (!top || !panel) return;
      const links = linksIn(panel);
      const index = links.indexOf(target);
      const moveTo = (next: number) => {
        event.preventDefault();
        links[(next + links.length) % links.length]?.focus();
      };
      if (event.key === 'Escape') {
        event.preventDefault();
        setOpen(top, false);
        top.focus();
        // A panel the pointer holds open closes too, until the pointer moves on (mega-menu.tsx).
        nav.dataset.suppressed = 'true';
      } else if (event.key === 'ArrowDown') moveTo(index + 1);
      else if (event.key === 'ArrowUp') moveTo(index - 1);
      else if (event.key === 'Home') moveTo(0);
      else if (event.key === 'End') moveTo(links.length - 1);
    };

    // The focus leaving an open panel (Tab past its last link, a click elsewhere) closes it.
    const onFocusOut = (event: FocusEvent) => {
      const next = event.relatedTarget as Node | null;
      for (const top of tops()) {
        if (top.getAttribute('aria-expanded') !== 'true') continue;
        const item = top.parentElement;
        if (item && !(next && item.contains(next))) setOpen(top, false);
      }
    };

    nav.addEventListener('keydown', onKeyDown);
    nav.addEventListener('focusout', onFocusOut);
    return () => {
      nav.removeEventListener('keydown', onKeyDown);
      nav.removeEventListener('focusout', onFocusOut);
      delete nav.dataset.keyboard;
      for (const top of tops()) {
        const panel = panelOf(top);
        if (!panel) continue;
        top.removeAttribute('aria-expanded');
        top.removeAttribute('aria-controls');
        delete top.parentElement?.dataset.open;
        for (const link of linksIn(panel)) link.removeAttribute('tabindex');
      }
    };
  }, [navRef, topSelector, panelSelector, itemsKey]);
}
