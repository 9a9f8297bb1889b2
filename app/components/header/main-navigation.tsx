import { useLocation } from '@remix-run/react';
import {
  lazy,
  Suspense,
  useEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type RefObject,
  type SyntheticEvent,
} from 'react';
import type { MenuItem } from '../../../server/content/public';
import { visuallyHidden } from '../../../styles/utilities.css';
import { AccountIcon, CloseIcon, MenuIcon } from '../icons/icons';
import { usePanels } from '../panels/panel-context';
import { PanelLink } from '../panels/panel-link';
import { iconToggle } from './header-panel.css';
import { useDelegatedLinks } from './delegated-links';
import * as styles from './main-navigation.css';
// The stylesheet of the entries' CTA (menu-cta.tsx), whose component is in the lazily loaded entries' chunk: the
// server's markup needs it in the page's stylesheet.
import './menu-cta.css';
import { isInside, markCurrent, useServerNavigationMarkup } from './navigation-markup';
import { TOP_LEVEL_GROUP } from './panel-group';

/**
 * The entries' component, for a header first mounted in the browser without the server's markup (which every page
 * carries: the server renders the entries once, navigation-markup.server.ts). It is not needed to show or hydrate
 * a page, so it is a chunk of its own (decision 056).
 */
const NavigationEntries = lazy(() =>
  import('./navigation-entries').then((module) => ({ default: module.NavigationEntries })),
);

/**
 * The bar's keyboard (mega-menu-keys.ts, decision 046): its own chunk, loaded once the page is idle, or at once on
 * the first focus or pointer in the navigation. Nothing in it is needed to show the page, so the page's first load
 * does not carry it (test/integration/bundle.test.ts).
 */
function useMegaMenuKeys(navRef: RefObject<HTMLElement>) {
  useEffect(() => {
    const nav = navRef.current;
    if (!nav) return;
    let started = false;
    let detach: (() => void) | undefined;
    let stopped = false;
    const load = () => {
      if (started) return;
      started = true;
      void import('./mega-menu-keys').then(({ attachMegaMenuKeys }) => {
        if (!stopped) detach = attachMegaMenuKeys(nav);
      });
    };
    const idle = typeof window.requestIdleCallback === 'function';
    const handle = idle ? window.requestIdleCallback(load, { timeout: 2000 }) : window.setTimeout(load, 200);
    nav.addEventListener('focusin', load);
    nav.addEventListener('pointerover', load);
    return () => {
      stopped = true;
      if (idle) window.cancelIdleCallback(handle);
      else window.clearTimeout(handle);
      nav.removeEventListener('focusin', load);
      nav.removeEventListener('pointerover', load);
      detach?.();
    };
  }, [navRef]);
}

/** The list of entries, found again by the browser to keep the server's markup. */
const ENTRIES_ID = 'main-navigation-entries';

/**
 * The main navigation, emitted once for every screen size (issue 7 §4; it used to be rendered twice, as a desktop
 * mega-menu and a mobile sidebar, a third of a category page). Two elements of the header's grid:
 *
 * - the burger (below lg, SPEC §2 "Mobile sidebar"): a `<details>` whose summary, open, is the dark overlay; the
 *   sidebar beside it is shown while it (or a level in it) is open, an 18.75rem panel sliding in from the right;
 * - the navigation: from lg the bar of departments, each a disclosure button (the summary of a `<details>`) with a
 *   mega-menu panel (columns, link groups, CTA) that shows while it is open or hovered, so the keyboard meets one
 *   stop per department rather than every link (decision 046); below lg the sidebar's nested list, each level
 *   behind the same `<details>`, its content sliding over the sidebar.
 *
 * Below lg the burger, the overlay of an open level and every level share one `<details>` name (TOP_LEVEL_GROUP):
 * each state of the sidebar is one open `<details>`, so opening the burger closes the level that was open and the
 * sidebar opens at its top level every time, without JavaScript too (issue 9 §11). The Back buttons are summaries
 * that open the state above: a department's level has the burger's summary, a column's level the department's.
 *
 * All of it works without JavaScript. With it, the burger is part of the panel state (opening it clears the active
 * panel, opening search closes it; without JavaScript the burger is no longer in the header panels' group, decision
 * 046), Escape closes it, a panel that led to a
 * navigation closes, the bar answers arrow keys and Escape (mega-menu-keys.ts), and the menu's plain links navigate
 * in the app (one delegated listener instead of a router link per link).
 *
 * The entries are markup the server renders once per navigation document (navigation-markup.server.ts): a page's
 * render pastes the string, and the browser keeps what the server sent (it never receives the menu as data; the
 * root sends the top-level entries only). Without the server's markup (a header first mounted in the browser) the
 * top-level entries are rendered as plain links.
 */
export function MainNavigation({ items }: { items: MenuItem[] }) {
  const { state, dispatch } = usePanels();
  const location = useLocation();
  const serverMarkup = useServerNavigationMarkup();
  // On the server, the rendered entries with the current department marked; in the browser, the same markup as
  // the server sent it, read once from the document (so hydration finds what it renders).
  const [markup] = useState(() =>
    serverMarkup !== null
      ? markCurrent(serverMarkup, items, location.pathname)
      : typeof document === 'undefined'
        ? ''
        : (document.getElementById(ENTRIES_ID)?.innerHTML ?? ''),
  );
  const detailsRef = useRef<HTMLDetailsElement>(null);
  const sidebarRef = useRef<HTMLDivElement>(null);
  const navRef = useRef<HTMLElement>(null);
  useDelegatedLinks(sidebarRef);
  useMegaMenuKeys(navRef);

  // Closing the menu (Escape, another panel) closes the levels that were open in it.
  const menuWasOpen = useRef(state.menuOpen);
  useEffect(() => {
    const wasOpen = menuWasOpen.current;
    menuWasOpen.current = state.menuOpen;
    if (!wasOpen || state.menuOpen) return;
    navRef.current?.querySelectorAll('details[open]').forEach((level) => {
      (level as HTMLDetailsElement).open = false;
    });
  }, [state.menuOpen]);

  // A level that opens starts at its top: the levels under it are scrolled back, and so is the sidebar.
  useEffect(() => {
    const sidebar = sidebarRef.current;
    if (!sidebar) return;
    const onToggle = (event: Event) => {
      const level = event.target as HTMLDetailsElement;
      if (!level.open) return;
      // Below lg an open level's own summary keeps its place hidden: the focus goes to the level's Back button (the
      // burger's summary for a department, the department's summary for a column).
      const summary = level.querySelector(':scope > summary');
      if (
        summary &&
        document.activeElement === summary &&
        getComputedStyle(summary).visibility === 'hidden'
      ) {
        const department = level.closest('[data-top-item]')?.querySelector(':scope > details > summary');
        const back =
          department && department !== summary ? department : detailsRef.current?.querySelector('summary');
        if (back instanceof HTMLElement) back.focus();
      }
      for (
        let node: HTMLElement | null = level;
        node && node !== sidebar.parentElement;
        node = node.parentElement
      ) {
        node.scrollTop = 0;
      }
    };
    sidebar.addEventListener('toggle', onToggle, true);
    return () => sidebar.removeEventListener('toggle', onToggle, true);
  }, []);

  // The current department's top link, after each navigation in the app.
  useEffect(() => {
    navRef.current?.querySelectorAll<HTMLElement>('[data-top-link]').forEach((link) => {
      if (isInside(link.dataset.topLink ?? '', location.pathname)) link.setAttribute('aria-current', 'true');
      else link.removeAttribute('aria-current');
    });
  }, [location.pathname]);

  // Large screens: after a navigation the pointer and the focus are often still inside the panel that was
  // clicked: close it until the pointer reaches a top-level link again (or leaves), and let the focus go.
  const navigatedFrom = useRef(location.key);
  useEffect(() => {
    const nav = navRef.current;
    if (!nav || navigatedFrom.current === location.key) return;
    navigatedFrom.current = location.key;
    if (nav.contains(document.activeElement) && document.activeElement instanceof HTMLElement) {
      document.activeElement.blur();
    }
    nav.dataset.suppressed = 'true';
  }, [location.key]);

  useEffect(() => {
    const nav = navRef.current;
    if (!nav) return;
    const release = (event: Event) => {
      if (event.type !== 'pointerover' || (event.target as Element).closest('[data-top-link]')) {
        delete nav.dataset.suppressed;
      }
    };
    nav.addEventListener('pointerover', release);
    nav.addEventListener('pointerleave', release);
    nav.addEventListener('focusin', release);
    return () => {
      nav.removeEventListener('pointerover', release);
      nav.removeEventListener('pointerleave', release);
      nav.removeEventListener('focusin', release);
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || !state.menuOpen) return;
    event.preventDefault();
    dispatch({ type: 'closeMenu' });
    detailsRef.current?.querySelector('summary')?.focus();
  };

  // The burger closes when a level of the sidebar opens (they share a group): the menu is still open then.
  const onBurgerToggle = (event: SyntheticEvent<HTMLDetailsElement>) => {
    if (event.currentTarget.open) dispatch({ type: 'openMenu' });
    else if (!sidebarRef.current?.querySelector('details[open]')) dispatch({ type: 'closeMenu' });
  };

  return (
    <>
      {/* One of the sidebar's states (TOP_LEVEL_GROUP): open, the sidebar at its top level. While a department's
          level is open its summary is that level's Back button (to the top level). */}
      <details
        ref={detailsRef}
        className={styles.disclosure}
        name={TOP_LEVEL_GROUP}
        data-menu=""
        open={state.menuOpen}
        onToggle={onBurgerToggle}
        onKeyDown={onKeyDown}
      >
        {/* Where the focus returns from a panel whose header icon does not show (panel-context.tsx). */}
        <summary className={`${iconToggle} ${styles.toggle}`} data-panel-opener-fallback="">
          <MenuIcon className={styles.menuIcon} />
          <CloseIcon className={styles.closeIcon} />
          <span className={`${visuallyHidden} ${styles.menuLabel}`}>Menu</span>
          <span className={styles.backLabel}>Back</span>
        </summary>
      </details>
      {/* The overlay while a level is open: opening it closes every level (the group), so the menu closes. */}
      <details
        className={styles.closer}
        name={TOP_LEVEL_GROUP}
        onToggle={(event) => {
          if (event.currentTarget.open) dispatch({ type: 'closeMenu' });
        }}
      >
        <summary className={styles.closerToggle}>
          <CloseIcon className={styles.closerIcon} />
          <span className={visuallyHidden}>Close the sidebar</span>
        </summary>
      </details>
      {/* The keyboard handler only closes the open sidebar (Escape); the links inside are what gets focus. */}
      <div ref={sidebarRef} className={styles.sidebar} data-sidebar="" onKeyDown={onKeyDown}>
        <p className={styles.sidebarTitle} aria-hidden="true">
          Menu
        </p>
        <nav ref={navRef} aria-label="Main" className={styles.nav}>
          {markup ? (
            <ul id={ENTRIES_ID} className={styles.topList} dangerouslySetInnerHTML={{ __html: markup }} />
          ) : (
            <ul id={ENTRIES_ID} className={styles.topList}>
              <Suspense fallback={null}>
                <NavigationEntries items={items} />
              </Suspense>
            </ul>
          )}
        </nav>
        <PanelLink panel="signin" className={styles.accountLink}>
          <AccountIcon size={20} />
          Sign In or Create Account
        </PanelLink>
      </div>
    </>
  );
}
