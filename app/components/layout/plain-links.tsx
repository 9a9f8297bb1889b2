/**
 * Client-side navigation for plain `<a href>` links that a page renders many of (the listing's cards, the footer):
 * one click listener on their container instead of a router `<Link>` per link. A `<Link>` resolves its path and
 * sets up its handlers and prefetch state on every server render; a plain anchor costs one element (issue 7 §4,
 * decision 049; the header's menu does the same in header/delegated-links.ts). Without JavaScript they are ordinary
 * links. A modified click (new tab or window), a link with a target or a download, or one to another origin keeps
 * the browser's own behaviour.
 *
 * Anchors opt in with `data-plain-link`; with `data-discover` as well, Remix's route discovery finds their routes
 * as it does a `<Link>`'s, so a click navigates without first asking for the route.
 */
import { PrefetchPageLinks, useNavigate } from '@remix-run/react';
import { useEffect, useState, type RefObject } from 'react';

const SELECTOR = 'a[data-plain-link]';

/** The attributes of an anchor that `usePlainLinks` navigates (`<a href={…} {...PLAIN_LINK}>`). */
export const PLAIN_LINK = { 'data-plain-link': '', 'data-discover': 'true' } as const;

function plainLinkOf(target: EventTarget | null, container: HTMLElement): HTMLAnchorElement | null {
  const anchor = (target as Element | null)?.closest?.(SELECTOR);
  if (!(anchor instanceof HTMLAnchorElement) || !container.contains(anchor)) return null;
  if (anchor.target || anchor.hasAttribute('download')) return null;
  const url = new URL(anchor.href, window.location.href);
  return url.origin === window.location.origin ? anchor : null;
}

const pathOf = (anchor: HTMLAnchorElement) => {
  const url = new URL(anchor.href, window.location.href);
  return `${url.pathname}${url.search}${url.hash}`;
};

/** `mounted`: whether the container is rendered now, for one that renders nothing at first (a strip). */
export function usePlainLinks(ref: RefObject<HTMLElement>, mounted = true) {
  const navigate = useNavigate();
  useEffect(() => {
    const container = ref.current;
    if (!container) return;
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = plainLinkOf(event.target, container);
      if (!anchor) return;
      event.preventDefault();
      navigate(pathOf(anchor));
    };
    container.addEventListener('click', onClick);
    return () => container.removeEventListener('click', onClick);
  }, [ref, navigate, mounted]);
}

/** How long a pointer rests on a link, or the focus stays on it, before its page is prefetched (as `<Link>`). */
const INTENT_MS = 100;

/**
 * `<Link prefetch="intent">` for the plain links in `ref`: the page a shopper points at or focuses (after 100 ms)
 * has its data and modules prefetched, one page at a time. Render what it returns inside the container's parent.
 */
export function usePlainLinkPrefetch(ref: RefObject<HTMLElement>, mounted = true) {
  const [page, setPage] = useState<string | null>(null);
  useEffect(() => {
    const container = ref.current;
    if (!container) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const intend = (event: Event) => {
      const anchor = plainLinkOf(event.target, container);
      if (!anchor) return;
      clearTimeout(timer);
      timer = setTimeout(() => setPage(pathOf(anchor)), INTENT_MS);
    };
    const leave = (event: Event) => {
      if (plainLinkOf(event.target, container)) clearTimeout(timer);
    };
    container.addEventListener('pointerover', intend);
    container.addEventListener('focusin', intend);
    container.addEventListener('pointerout', leave);
    container.addEventListener('focusout', leave);
    return () => {
      clearTimeout(timer);
      container.removeEventListener('pointerover', intend);
      container.removeEventListener('focusin', intend);
      container.removeEventListener('pointerout', leave);
      container.removeEventListener('focusout', leave);
    };
  }, [ref, mounted]);
  return page ? <PrefetchPageLinks page={page} /> : null;
}
