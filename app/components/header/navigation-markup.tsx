import { createContext, useContext } from 'react';
import type { MenuItem } from '../../../server/content/public';

/**
 * The main navigation's entries as HTML, rendered once per navigation document on the server
 * (navigation-markup.server.ts) and provided to the render by entry.server. The browser never receives the menu
 * as data: it keeps the server's markup (issue 7 §4: the menu's hundreds of links were rendered on every request
 * and sent a second time, as the root's data, for hydration).
 */
const NavigationMarkupContext = createContext<string | null>(null);
export const NavigationMarkupProvider = NavigationMarkupContext.Provider;
export const useServerNavigationMarkup = () => useContext(NavigationMarkupContext);

/** The top-level entries only, without their panels: what the root sends to the browser. */
export const topLevelOnly = (items: MenuItem[]): MenuItem[] =>
  items.map(({ cta: _cta, ...item }) => ({ ...item, itemsCollection: { items: [] }, linkGroups: [] }));

/** Whether the page at `pathname` is inside the department `url` links to (a router `NavLink`'s rule). */
export function isInside(url: string, pathname: string): boolean {
  const to = url.toLowerCase();
  const path = pathname.toLowerCase();
  const base = to.endsWith('/') ? to : `${to}/`;
  return path === to || path === base.slice(0, -1) || path.startsWith(base);
}

/** The markup with the current department's top links marked `aria-current="true"`. */
export function markCurrent(markup: string, items: MenuItem[], pathname: string): string {
  let marked = markup;
  for (const item of items) {
    if (!isInside(item.url, pathname)) continue;
    marked = marked.replaceAll(
      ` data-top-link="${escapeAttribute(item.url)}"`,
      ` aria-current="true" data-top-link="${escapeAttribute(item.url)}"`,
    );
  }
  return marked;
}

const escapeAttribute = (value: string) =>
  value
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/'/g, '&#x27;');
