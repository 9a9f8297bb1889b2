import type { LinkGroup, MenuItem } from '../../../server/content/public';
import * as styles from './main-navigation.css';
import { MenuCta } from './menu-cta';
import { arrangeForBothLayouts, type Shown } from './menu-order';
import { TOP_LEVEL_GROUP } from './panel-group';

/**
 * The entries of the main navigation (main-navigation.tsx): plain markup without hooks or router links, so that the
 * server renders it once per navigation document and every page reuses the string (navigation-markup.server.ts).
 * Links are plain anchors marked `data-menu-link`; the navigation's delegated listener makes them navigate in the
 * app, and it marks the current department (`aria-current` on its `data-top-link` element).
 *
 * A department with a panel is a `<details>` whose summary is its one control in both layouts (decision 046): from
 * lg the bar's disclosure button (one tab stop; Enter or Space opens the panel beside it, without JavaScript too),
 * below lg the sidebar's row that opens the level (and, open, its Back button). Its own page is a link in the
 * panel ("Shop All …" from the content, or an "All …" row). A department without a panel is a plain link.
 */
export function NavigationEntries({ items }: { items: MenuItem[] }) {
  return (
    <>
      {arrangeForBothLayouts(items).map(({ entry, shown }) => (
        <TopEntry key={`${entry.slug}:${shown}`} item={entry} shown={shown} />
      ))}
    </>
  );
}

const shownClass: Record<Shown, string> = {
  both: '',
  mobile: styles.mobileOnly,
  desktop: styles.desktopOnly,
};

const classes = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ') || undefined;

const hasLevel = (item: MenuItem) =>
  item.itemsCollection.items.length > 0 || item.linkGroups.length > 0 || item.cta !== undefined;

/** The summary of a level: the entry with a chevron, or the Back button while the level is open below lg. */
function LevelToggle({ title, top, url }: { title: string; top: boolean; url?: string }) {
  return (
    <summary
      className={classes(top ? styles.topToggle : styles.subToggle, styles.levelToggle)}
      data-top-link={url}
    >
      <span className={styles.forward}>{title}</span>
      <span className={styles.back}>Back</span>
    </summary>
  );
}

/** TOP_LEVEL_GROUP (panel-group.ts): the name the top-level `<details>` share. */
function TopEntry({ item, shown }: { item: MenuItem; shown: Shown }) {
  const level = hasLevel(item);
  // An entry shown in one layout only gets ids of its own (the other copy may be in the document too).
  const idPrefix = `menu-${item.slug}${shown === 'both' ? '' : `-${shown}`}`;
  const leavesOnly =
    item.linkGroups.length === 0 && item.itemsCollection.items.every((child) => !hasLevel(child));
  return (
    <li className={classes(styles.topItem, shownClass[shown])} data-top-item="">
      {level ? (
        <>
          <details className={classes(styles.level, styles.topLevel)} name={TOP_LEVEL_GROUP}>
            <LevelToggle title={item.title} top url={item.url} />
          </details>
          <div className={styles.panel}>
            <div className={styles.panelInner}>
              <p className={styles.levelTitle}>{item.title}</p>
              <ul className={classes(styles.columns, leavesOnly && styles.leafColumns)}>
                <ViewAll item={item} top />
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
      ) : (
        <a href={item.url} className={styles.topLink} data-top-link={item.url} data-menu-link="">
          {item.title}
        </a>
      )}
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
          {/* In the departments' group too: the sidebar's levels are one set of states (see TOP_LEVEL_GROUP). */}
          <details className={styles.level} name={TOP_LEVEL_GROUP}>
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
 * A summary only opens its level, so the entry's own page gets a first row there — unless the content has one
 * ("all"). A department's row shows in both layouts (its summary is its only control); a column's below lg only
 * (from lg its heading is that link).
 */
function ViewAll({ item, top = false }: { item: MenuItem; top?: boolean }) {
  if (item.itemsCollection.items.some((child) => child.url === item.url || child.slug === 'all')) return null;
  return (
    <li className={top ? styles.column : styles.mobileOnly}>
      <a
        href={item.url}
        className={classes(top ? styles.columnHeading : styles.subLink, styles.viewAll)}
        data-menu-link=""
      >
        All {item.title}
      </a>
    </li>
  );
}
