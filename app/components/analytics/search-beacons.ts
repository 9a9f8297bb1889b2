/**
 * Search beacons from the browser (SPEC §7, issue 12 §6): recommendation block render, impression and click,
 * product views and basket (add to cart) events, POSTed to /api/search/beacon, where they are stored for the
 * ranking (product views feed co-views). Loaded by dynamic import only (the product page's block and Add to Cart
 * ask for it after hydration), never in a page's scripts at load.
 *
 * Consent: like the data layer (data-layer.ts), an event leaves the browser only when the shopper gave the
 * performance group (C0002) in the `consent` cookie, read when the event happens and again when the batch is sent,
 * so a withdrawal stops sending at once. Without it nothing is queued, no session id is kept, nothing is sent.
 *
 * Batching: events wait up to BEACON_BATCH_MS to go as one `{ events: [...] }` body (at most MAX_BEACON_BATCH), and
 * go at once on a click or add to cart (the shopper is about to leave), and when the page is hidden. Sent with
 * `navigator.sendBeacon` (it outlives the page), else `fetch` with `keepalive`; failures are swallowed.
 */
import type { BeaconKind } from '../../../server/search/public';
import { allowsPerformance } from '../consent/consent';

export const BEACON_ENDPOINT = '/api/search/beacon';
/** How long an event waits for others to share its request. */
export const BEACON_BATCH_MS = 1_000;
/** The endpoint's limit per body (server/search/params.server.ts). */
export const MAX_BEACON_BATCH = 20;
/** Where the tab's beacon session id is kept (sessionStorage: this tab, until it closes). */
export const BEACON_SESSION_KEY = 'search_beacon_session';

export type BeaconEvent = { kind: BeaconKind; block?: string; productIds: number[] };
type SentEvent = BeaconEvent & { sessionId: string; pageLoadId: string };

export type BeaconDeps = {
  /** The current `document.cookie`. */
  cookies(): string;
  /** Sends one body; failures are swallowed. */
  send(body: string): void;
  /** Runs `run` after `ms`; returns a cancel. */
  schedule(run: () => void, ms: number): () => void;
  /** A new random id. */
  newId(): string;
  /** The tab's kept session id (null when none), and keeping or forgetting it. */
  session: { get(): string | null; set(id: string): void; clear(): void };
};

export type BeaconQueue = {
  /** Queues an event of this page load; false (nothing kept) without the performance consent. */
  track(event: BeaconEvent, options?: { now?: boolean }): boolean;
  /** Sends what is queued. */
  flush(): void;
  /**
   * The page the next events are about (a product page shown, by a key naming that page view): a new key starts a
   * new page load, so later events carry a new page-load id; the same key again keeps it.
   */
  enterPage(key: string): void;
};

export function createBeaconQueue(deps: BeaconDeps): BeaconQueue {
  let pending: SentEvent[] = [];
  let cancel: (() => void) | null = null;
  let pageLoadId = deps.newId();
  let pageKey: string | null = null;

  const sessionId = () => {
    const kept = deps.session.get();
    if (kept) return kept;
    const id = deps.newId();
    deps.session.set(id);
    return id;
  };

  const flush = () => {
    cancel?.();
    cancel = null;
    const events = pending;
    pending = [];
    // Consent withdrawn while the events waited: they are dropped.
    if (events.length === 0 || !allowsPerformance(deps.cookies())) return;
    for (let start = 0; start < events.length; start += MAX_BEACON_BATCH)
      deps.send(JSON.stringify({ events: events.slice(start, start + MAX_BEACON_BATCH) }));
  };

  return {
    track(event, options) {
      if (!allowsPerformance(deps.cookies())) {
        deps.session.clear();
        return false;
      }
      pending.push({ ...event, sessionId: sessionId(), pageLoadId });
      if (options?.now || pending.length >= MAX_BEACON_BATCH) flush();
      else cancel ??= deps.schedule(flush, BEACON_BATCH_MS);
      return true;
    },
    flush,
    enterPage(key) {
      if (key === pageKey) return;
      pageKey = key;
      pageLoadId = deps.newId();
    },
  };
}

function randomId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;
}

function sendFromBrowser(body: string): void {
  try {
    // A string goes as text/plain, which the endpoint reads as JSON; false when the browser's queue is full.
    if (typeof navigator.sendBeacon === 'function' && navigator.sendBeacon(BEACON_ENDPOINT, body)) return;
  } catch {
    // Fall through to fetch.
  }
  fetch(BEACON_ENDPOINT, {
    method: 'POST',
    headers: { 'Content-Type': 'text/plain;charset=UTF-8' },
    body,
    keepalive: true,
    credentials: 'same-origin',
  }).catch(() => undefined);
}

const storage = {
  get: () => {
    try {
      return window.sessionStorage.getItem(BEACON_SESSION_KEY);
    } catch {
      return null;
    }
  },
  set: (id: string) => {
    try {
      window.sessionStorage.setItem(BEACON_SESSION_KEY, id);
    } catch {
      // Storage refused (private mode): the events still go, each page load with its own session.
    }
  },
  clear: () => {
    try {
      window.sessionStorage.removeItem(BEACON_SESSION_KEY);
    } catch {
      // Nothing kept.
    }
  },
};

let browserQueue: BeaconQueue | null = null;

/** The page's queue (made on first use, with the hidden-page flush). */
export function beacons(): BeaconQueue {
  if (browserQueue) return browserQueue;
  const queue = createBeaconQueue({
    cookies: () => document.cookie,
    send: sendFromBrowser,
    schedule: (run, ms) => {
      const timer = window.setTimeout(run, ms);
      return () => window.clearTimeout(timer);
    },
    newId: randomId,
    session: storage,
  });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') queue.flush();
  });
  window.addEventListener('pagehide', () => queue.flush());
  browserQueue = queue;
  return queue;
}

/**
 * The key of this view of a product's page: the router's key of the history entry (each navigation has its own)
 * and the product. The product view and the block's events of one page view share it, whichever comes first.
 */
export function productPageKey(productId: number): string {
  const state = window.history.state as { key?: unknown } | null;
  return `${typeof state?.key === 'string' ? state.key : 'document'}:${productId}`;
}

/** Records a product view (the product page, after it hydrated). */
export function trackProductView(productId: number): void {
  const queue = beacons();
  queue.enterPage(productPageKey(productId));
  queue.track({ kind: 'product-view', productIds: [productId] });
}

/** Records an add to cart of a product (sent at once: the cart panel opens, the shopper may go on to checkout). */
export function trackBasket(productId: number): void {
  beacons().track({ kind: 'basket', productIds: [productId] }, { now: true });
}
