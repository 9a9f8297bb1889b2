import { NavLink, useLocation } from '@remix-run/react';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import type { LinkGroup, MenuItem } from '../../../server/content/public';
import { visuallyHidden } from '../../../styles/utilities.css';
import { AccountIcon, CloseIcon, MenuIcon } from '../icons/icons';
import { usePanels } from '../panels/panel-context';
import { PanelLink } from '../panels/panel-link';
import { iconToggle } from './header-panel.css';
import { useDelegatedLinks } from './delegated-links';
import * as styles from './main-navigation.css';
import { MenuCta } from './menu-cta';
import { arrangeForBothLayouts, type Shown } from './menu-order';
import { HEADER_PANEL_GROUP } from './panel-group';

const shownClass: Record<Shown, string> = {
  both: '',
  mobile: styles.mobileOnly,
  desktop: styles.desktopOnly,
};

const classes = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');

const hasLevel = (item: MenuItem) =>
  item.itemsCollection.items.length > 0 || item.linkGroups.length > 0 || item.cta !== undefined;

/**
 * The main navigation, emitted once for every screen size (issue 7 §4; it used to be rendered twice, as a desktop
 * mega-menu and a mobile sidebar, a third of a category page). Two elements of the header's grid:
 *
 * - the burger (below lg, SPEC §2 "Mobile sidebar"): a `<details>` whose summary, open, is the dark overlay; the
 *   sidebar beside it is shown while it is open, an 18.75rem panel sliding in from the right;
 * - the navigation: from lg the bar of top links, each with a mega-menu panel (columns, link groups, CTA) that
 *   opens on hover and keyboard focus with CSS alone; below lg the sidebar's nested list, each level behind a
 *   `<details>` whose summary turns into the Back button while its content slides over the sidebar.
 *
 * All of it works without JavaScript. With it, the burger is part of the panel state (opening it clears the active
 * panel, opening search closes it), Escape closes it, a panel that led to a navigation closes, and the menu's plain
 * links navigate in the app (one delegated listener instead of a router link per link).
 */
export function MainNavigation({ items }: { items: MenuItem[] }) {
  const { state, dispatch } = usePanels();
  const location = useLocation();
  const detailsRef = useRef<HTMLDetailsElement>(null);
  const sidebarRef = useRef<HTMLDivElement>(null);
  const navRef = useRef<HTMLElement>(null);
  useDelegatedLinks(sidebarRef);

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
        <summary className={`${iconToggle} ${styles.toggle}`}>
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
          <ul className={styles.topList}>
            {arrangeForBothLayouts(items).map(({ entry, shown }) => (
              <TopEntry key={`${entry.slug}:${shown}`} item={entry} shown={shown} />
            ))}
          </ul>
        </nav>
        <PanelLink panel="signin" className={styles.accountLink}>
          <AccountIcon size={20} />
          Sign In or Create Account
        </PanelLink>
      </div>
    </>
  );
}

/** The summary of a level: the entry with a forward chevron, or the Back button while the level is open. */
function LevelToggle({ title, top }: { title: string; top: boolean }) {
  return (
    <summary className={classes(top ? styles.topToggle : styles.subToggle, styles.levelToggle)}>
      <span className={styles.forward}>{title}</span>
      <span className={styles.back}>Back</span>
    </summary>
  );
}

function TopEntry({ item, shown }: { item: MenuItem; shown: Shown }) {
  const level = hasLevel(item);
  // An entry shown in one layout only gets ids of its own (the other copy may be in the document too).
  const idPrefix = `menu-${item.slug}${shown === 'both' ? '' : `-${shown}`}`;
  return (
    <li className={classes(styles.topItem, shownClass[shown])}>
      {/* aria-current="true": the page is inside this department, not necessarily the department page. */}
      <NavLink
        to={item.url}
        className={classes(styles.topLink, level && styles.desktopOnly)}
        aria-current="true"
        data-top-link=""
      >
        {item.title}
      </NavLink>
      {level ? (
        <>
          <details className={styles.level}>
            <LevelToggle title={item.title} top />
          </details>
          <div className={styles.panel}>
            <div className={styles.panelInner}>
              <p className={styles.levelTitle}>{item.title}</p>
              <ul className={styles.columns}>
                <ViewAll item={item} />
                {arrangeForBothLayouts(item.itemsCollection.items).map(({ entry, shown: columnShown }) => (
                  <Column
                    key={`${entry.slug}:${columnShown}`}
                    item={entry}
                    shown={columnShown}
                    idPrefix={idPrefix}
                  />
                ))}
              </ul>
              <Groups groups={item.linkGroups} idPrefix={idPrefix} />
              {item.cta ? (
                <div className={styles.cta}>
                  <MenuCta cta={item.cta} />
                </div>
              ) : null}
            </div>
          </div>
        </>
      ) : null}
    </li>
  );
}

/** A column of a panel: its heading and links from lg; below lg a row, or a level of its own. */
function Column({ item, shown, idPrefix }: { item: MenuItem; shown: Shown; idPrefix: string }) {
  const level = hasLevel(item);
  const prefix = `${idPrefix}-${item.slug}${shown === 'both' ? '' : `-${shown}`}`;
  return (
    <li className={classes(styles.column, shownClass[shown])}>
      <a
        href={item.url}
        className={classes(styles.columnHeading, level && styles.desktopOnly)}
        data-menu-link=""
      >
        {item.title}
      </a>
      {level ? (
        <>
          <details className={styles.level}>
            <LevelToggle title={item.title} top={false} />
          </details>
          <div className={styles.sublevel}>
            <p className={styles.levelTitle}>{item.title}</p>
            <ul className={styles.subList}>
              <ViewAll item={item} />
              {arrangeForBothLayouts(item.itemsCollection.items).map(({ entry, shown: leafShown }) => (
                <li key={`${entry.slug}:${leafShown}`} className={shownClass[leafShown]}>
                  <a href={entry.url} className={styles.subLink} data-menu-link="">
                    {entry.title}
                  </a>
                </li>
              ))}
            </ul>
            <Groups groups={item.linkGroups} idPrefix={prefix} />
            {item.cta ? (
              <div className={styles.cta}>
                <MenuCta cta={item.cta} />
              </div>
            ) : null}
          </div>
        </>
      ) : null}
    </li>
  );
}

function Groups({ groups, idPrefix }: { groups: LinkGroup[]; idPrefix: string }) {
  if (groups.length === 0) return null;
  return (
    <div className={styles.groups}>
      {groups.map((group, index) => {
        const titleId = `${idPrefix}-group-${index}`;
        return (
          <div key={group.title} className={styles.group}>
            <p id={titleId} className={styles.groupTitle}>
              {group.title}
            </p>
            <ul className={styles.subList} aria-labelledby={titleId}>
              {group.links.map((link) => (
                <li key={link.url}>
                  <a href={link.url} className={styles.groupLink} data-menu-link="">
                    {link.title}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        );
      })}
    </div>
  );
}

/**
 * Below lg a summary only opens its level, so the entry's own page gets a first row there — unless the content
 * has one ("all"). From lg the top link and the column heading are that link.
 */
function ViewAll({ item }: { item: MenuItem }) {
  if (item.itemsCollection.items.some((child) => child.url === item.url || child.slug === 'all')) return null;
  return (
    <li className={styles.mobileOnly}>
      <a href={item.url} className={classes(styles.subLink, styles.viewAll)} data-menu-link="">
        All {item.title}
      </a>
    </li>
  );
}
