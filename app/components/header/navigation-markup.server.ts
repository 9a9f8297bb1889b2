import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { MenuItem } from '../../../server/content/public';
import { NavigationEntries } from './navigation-entries';

/** One string per navigation document (the content service keeps one object until the content changes). */
const rendered = new WeakMap<readonly MenuItem[], string>();

/** The navigation's entries as HTML, rendered once and reused by every page (navigation-markup.tsx). */
export function navigationMarkup(items: MenuItem[]): string {
  let markup = rendered.get(items);
  if (markup === undefined) {
    markup = renderToStaticMarkup(createElement(NavigationEntries, { items }));
    rendered.set(items, markup);
  }
  return markup;
}
