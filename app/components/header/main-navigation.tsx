import { useLocation } from '@remix-run/react';
import { useEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import type { MenuItem } from '../../../server/content/public';
import { visuallyHidden } from '../../../styles/utilities.css';
import { AccountIcon, CloseIcon, MenuIcon } from '../icons/icons';
import { usePanels } from '../panels/panel-context';
import { PanelLink } from '../panels/panel-link';
import { iconToggle } from './header-panel.css';
import { useDelegatedLinks } from './delegated-links';
import * as styles from './main-navigation.css';
import { NavigationEntries } from './navigation-entries';
import { isInside, markCurrent, useServerNavigationMarkup } from './navigation-markup';
import { HEADER_PANEL_GROUP } from './panel-group';

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
 *   sidebar beside it is shown while it is open, an 18.75rem panel sliding in from the right;
 * - the navigation: from lg the bar of departments, each a disclosure button (the summary of a `<details>`) with a
 *   mega-menu panel (columns, link groups, CTA) that shows while it is open or hovered, so the keyboard meets one
 *   stop per department rather than every link (decision 046); below lg the sidebar's nested list, each level
 *   behind the same `<details>`, whose summary turns into the Back button while its content slides over the sidebar.
 *
 * All of it works without JavaScript. With it, the burger is part of the panel state (opening it clears the active
 * panel, opening search closes it), Escape closes it, the sidebar opens again at its top level, a panel that led to a
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

  // The sidebar opens again at its top level: closing it closes the levels that were open in it.
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
    const details = detailsRef.current;
    if (event.key !== 'Escape' || !details?.open) return;
    event.preventDefault();
    dispatch({ type: 'closeMenu' });
    details.querySelector('summary')?.focus();
  };

  return (
    <>
      <details
        ref={detailsRef}
        className={styles.disclosure}
        name={HEADER_PANEL_GROUP}
        data-menu=""
        open={state.menuOpen}
        onToggle={(event) => dispatch({ type: event.currentTarget.open ? 'openMenu' : 'closeMenu' })}
        onKeyDown={onKeyDown}
      >
        {/* Where the focus returns from a panel whose header icon does not show (panel-context.tsx). */}
        <summary className={`${iconToggle} ${styles.toggle}`} data-panel-opener-fallback="">
          <MenuIcon className={styles.menuIcon} />
          <CloseIcon className={styles.closeIcon} />
          <span className={visuallyHidden}>Menu</span>
        </summary>
      </details>
      {/* The keyboard handler only closes the open sidebar (Escape); the links inside are what gets focus. */}
      <div ref={sidebarRef} className={styles.sidebar} onKeyDown={onKeyDown}>
        <p className={styles.sidebarTitle} aria-hidden="true">
          Menu
        </p>
        <nav ref={navRef} aria-label="Main" className={styles.nav}>
          {markup ? (
            <ul id={ENTRIES_ID} className={styles.topList} dangerouslySetInnerHTML={{ __html: markup }} />
          ) : (
            <ul id={ENTRIES_ID} className={styles.topList}>
              <NavigationEntries items={items} />
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
