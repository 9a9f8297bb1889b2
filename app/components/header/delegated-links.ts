import { useNavigate } from '@remix-run/react';
import { useEffect, type RefObject } from 'react';

/**
 * Client-side navigation for the plain `<a href>` links of a large menu: one click listener on the menu instead
 * of a router `<Link>` per link. The menus hold hundreds of links and render on every page; a `<Link>` resolves
 * its path and sets up its handlers on every server render, a plain anchor costs nothing (issue 7 §4, profiled).
 * Without JavaScript they are ordinary links. A modified click (new tab or window), a link with a target or a
 * download, or one to another origin keeps the browser's own behaviour.
 */
export function useDelegatedLinks(ref: RefObject<HTMLElement>) {
  const navigate = useNavigate();
  useEffect(() => {
    const container = ref.current;
    if (!container) return;
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = (event.target as Element | null)?.closest?.('a[data-menu-link]');
      if (!(anchor instanceof HTMLAnchorElement) || !container.contains(anchor)) return;
      if (anchor.target || anchor.hasAttribute('download')) return;
      const url = new URL(anchor.href, window.location.href);
      if (url.origin !== window.location.origin) return;
      event.preventDefault();
      navigate(`${url.pathname}${url.search}${url.hash}`);
    };
    container.addEventListener('click', onClick);
    return () => container.removeEventListener('click', onClick);
  }, [ref, navigate]);
}
