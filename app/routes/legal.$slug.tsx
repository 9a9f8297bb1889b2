/** A content page from `content/pages.json`, served by the help pages' module (see `help.$slug.tsx`). */
export { default, headers, loader, meta } from './help.$slug';
